/**
 * The leader (exports.md): a leader flag on an employee row, or a leader named on a unit row by employee
 * id or, in leader lists, by e-mail. Each makes that employee the owner of the unit; two leaders of one
 * unit are `duplicate_leader` on the later row. E-mails are looked up in the workbook, then the service.
 */
import type { Organisation, Source } from '../model/organisation.js';
import type { IssueCollector } from './collector.js';
import type { CurrentView } from './types.js';
import { identityKey } from './values.js';
import { validateUnitWords } from '../words/validate-units.js';

/** A unit row's leader, or an employee row's flag, waiting for the unit's id. */
export interface LeaderClaim {
  /** The unit's id once known (plain tree), or the path key it is found under. */
  unit: { id: string } | { pathKey: string };
  /** An employee id, or an e-mail address. */
  who: string;
  byEmail: boolean;
  source: Source;
  column: string;
}

/** Finds the active employee behind an e-mail: the workbook's people first, then the service's. */
export class LeaderFinder {
  private byEmail: Map<string, string> | undefined;

  constructor(
    private readonly org: Organisation,
    private readonly current: CurrentView | undefined,
  ) {}

  /** No service to look in: an e-mail the workbook does not have is only a warning. */
  get offline(): boolean {
    return this.current === undefined;
  }

  isEmployee(id: string): boolean {
    return this.org.employees.has(id) || this.current?.employees.has(id) === true;
  }

  employeeWithEmail(email: string): string | undefined {
    this.byEmail ??= this.index();
    return this.byEmail.get(identityKey(email));
  }

  private index(): Map<string, string> {
    const found = new Map<string, string>();
    // A person with several employments leads through the first of them (row order; the service: id order).
    for (const employee of this.org.employees.values()) {
      const user = this.org.users.get(employee.userId);
      if (user && employee.status === 'active' && !found.has(identityKey(user.email))) found.set(identityKey(user.email), employee.id);
    }
    if (this.current?.users && this.current.userOf) {
      for (const employeeId of [...this.current.employees].sort()) {
        const person = this.current.userOf.get(employeeId);
        const email = person === undefined ? undefined : this.current.users.get(person)?.email;
        if (email && !found.has(identityKey(email)) && !this.org.employees.has(employeeId)) found.set(identityKey(email), employeeId);
      }
    }
    return found;
  }
}

/**
 * Sets each claimed unit's owner. A claim whose unit is unknown is dropped (its path was reported); an
 * e-mail that matches nobody is `unknown_reference` at its cell; a second, different leader of one unit
 * is `duplicate_leader` on the later row. Answers the ids of the units a leader column named.
 */
export function applyLeaders(
  claims: readonly LeaderClaim[],
  unitOf: (claim: LeaderClaim) => { id: string; owner?: string | null } | undefined,
  finder: LeaderFinder,
  issues: IssueCollector,
): Set<string> {
  const setBy = new Map<string, LeaderClaim>();
  for (const claim of claims) {
    const unit = unitOf(claim);
    if (!unit) continue;
    let owner = claim.who;
    if (claim.byEmail || (!finder.isEmployee(claim.who) && claim.who.includes('@'))) {
      const found = finder.employeeWithEmail(claim.who);
      if (found === undefined && finder.offline) {
        issues.warning(
          issues.sheetOf(claim.source),
          claim.source.row,
          claim.column,
          'unresolved_reference',
          validateUnitWords().leaderEmailOffline(claim.who),
          claim.who,
        );
        continue;
      }
      if (found === undefined) {
        issues.error(
          issues.sheetOf(claim.source),
          claim.source.row,
          claim.column,
          'unknown_reference',
          validateUnitWords().leaderEmailUnknown(claim.who),
          claim.who,
        );
        continue;
      }
      owner = found;
    }
    const earlier = setBy.get(unit.id);
    if (earlier && unit.owner !== owner) {
      issues.error(
        issues.sheetOf(claim.source),
        claim.source.row,
        claim.column,
        'duplicate_leader',
        validateUnitWords().duplicateLeader(unit.id, unit.owner, earlier.source.row),
        claim.who,
      );
      continue;
    }
    setBy.set(unit.id, claim);
    unit.owner = owner;
  }
  return new Set(setBy.keys());
}
