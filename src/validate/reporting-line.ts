/**
 * Who reports to whom (exports.md "Who reports to whom"): most HR systems export each person's manager,
 * not a leader per unit. A `manager` cell names the manager by employee id, e-mail or a name one active
 * person of the export has. Each unit's leader is derived from the reporting line by the contract's rule:
 *
 * - the unit's people are the active employees placed in it or in any unit below it;
 * - its heads are those of its people whose manager is not among its people (or who have none);
 * - one head to whom the others report is the leader (a lone head who reports to nobody, too);
 * - otherwise, when every head reports to one and the same person outside, that person is the leader;
 * - heads reporting to different people are a tie: no leader is derived (the unit keeps the service's).
 *
 * A leader column (a leader flag, an owner on the unit row) wins; a derived leader that differs is said.
 * A manager who is not an active employee of the export, a person who reports to themselves, a name two
 * people share and a loop in the reporting line are warnings at their rows; those lines are left out.
 */
import { nameMatchKey } from '../sheets/columns.js';
import type { Organisation, Source } from '../model/organisation.js';
import type { IssueCollector } from './collector.js';
import { identityKey } from './values.js';
import { validateReportingWords } from '../words/validate-reporting.js';

/** An employee row's `manager` cell. */
export interface ManagerClaim {
  employeeId: string;
  /** The cell as written: an employee id, an e-mail or a person's name. */
  who: string;
  source: Source;
}

/** A unit of the tree the leaders are derived for; `owner` is set on it. */
export interface LedUnit {
  id: string;
  name: string;
  parentId: string | null;
  owner?: string | null;
  ownerFrom?: 'reporting_line';
}

/** How many people a tie's warning names. */
const NAMED = 5;

/**
 * Sets the owner of each unit whose leader the reporting line gives and no leader column named
 * (`claimed`: the units a leader column gave an owner). `unitOf`: the unit an active employee works in.
 */
export function deriveLeaders(
  units: readonly LedUnit[],
  claims: readonly ManagerClaim[],
  unitOf: (employeeId: string) => string | null | undefined,
  claimed: ReadonlySet<string>,
  org: Organisation,
  issues: IssueCollector,
): void {
  if (claims.length === 0) return;
  const managerOf = resolveManagers(claims, org, issues);
  const rows = new Map(claims.map((claim) => [claim.employeeId, claim.source.row]));
  const words = validateReportingWords();
  const children = new Map<string | null, LedUnit[]>();
  for (const unit of units) (children.get(unit.parentId) ?? children.set(unit.parentId, []).get(unit.parentId)!).push(unit);
  const direct = new Map<string, string[]>();
  for (const employee of org.employees.values()) {
    if (employee.status !== 'active' || !managerOf.has(employee.id)) continue;
    const unit = unitOf(employee.id);
    if (unit) (direct.get(unit) ?? direct.set(unit, []).get(unit)!).push(employee.id);
  }
  const peopleOf = new Map<string, string[]>();
  const gather = (unit: LedUnit, seen: Set<string>): string[] => {
    const known = peopleOf.get(unit.id);
    if (known) return known;
    seen.add(unit.id);
    const people = [...(direct.get(unit.id) ?? [])];
    for (const child of children.get(unit.id) ?? []) if (!seen.has(child.id)) people.push(...gather(child, seen));
    peopleOf.set(unit.id, people);
    return people;
  };
  for (const unit of units) {
    const people = gather(unit, new Set());
    const leader = leaderOf(people, managerOf);
    if (leader === 'none') {
      if (!claimed.has(unit.id)) unit.owner = null;
      continue;
    }
    if (leader === 'tie') {
      const heads = headsOf(people, managerOf).map((id) => words.personAtRow(nameOf(org, id), rows.get(id)));
      const source = org.employees.get(people[0]!)?.source;
      if (source)
        issues.warning(
          issues.sheetOf(source),
          null,
          'manager',
          'reporting_line',
          words.tie(unit.name, unit.id, heads.slice(0, NAMED), heads.length),
          unit.id,
        );
      // No leader can be told: the unit keeps the leader the service has.
      if (!claimed.has(unit.id)) delete unit.owner;
      continue;
    }
    if (claimed.has(unit.id)) {
      if (unit.owner !== leader && unit.owner) {
        const source = org.employees.get(leader)?.source;
        const message = words.leaderColumnDiffers(unit.name, unit.id, nameOf(org, unit.owner), nameOf(org, leader));
        if (source) issues.warning(issues.sheetOf(source), null, 'manager', 'reporting_line', message, unit.id);
      }
      continue;
    }
    unit.owner = leader;
    unit.ownerFrom = 'reporting_line';
  }
}

/** The unit's leader by the rule, 'none' for a unit without people, 'tie' when the rule tells none. */
function leaderOf(people: readonly string[], managerOf: ReadonlyMap<string, string | null>): string | 'none' | 'tie' {
  if (people.length === 0) return 'none';
  const heads = headsOf(people, managerOf);
  if (heads.length === 1) {
    const head = heads[0]!;
    if (people.length > 1 || managerOf.get(head) === null) return head;
  }
  const above = new Set(heads.map((head) => managerOf.get(head)));
  if (above.size === 1 && !above.has(null) && !above.has(undefined)) return [...above][0]!;
  return 'tie';
}

function headsOf(people: readonly string[], managerOf: ReadonlyMap<string, string | null>): string[] {
  const among = new Set(people);
  return people.filter((id) => {
    const manager = managerOf.get(id);
    return manager === null || manager === undefined || !among.has(manager);
  });
}

function nameOf(org: Organisation, employeeId: string): string {
  const employee = org.employees.get(employeeId);
  return (employee && org.users.get(employee.userId)?.name) || employeeId;
}

/**
 * Each active employee's manager as an employee id (null: reports to nobody, a blank cell). Someone whose
 * line cannot be read (an unknown manager, themselves, a shared name, a loop) is left out of the map, and
 * said at their row.
 */
function resolveManagers(claims: readonly ManagerClaim[], org: Organisation, issues: IssueCollector): Map<string, string | null> {
  const words = validateReportingWords();
  const active = [...org.employees.values()].filter((e) => e.status === 'active');
  const byEmail = new Map<string, string>();
  const byName = new Map<string, string[]>();
  for (const employee of active) {
    const user = org.users.get(employee.userId);
    if (!user) continue;
    if (user.email && !byEmail.has(identityKey(user.email))) byEmail.set(identityKey(user.email), employee.id);
    const key = nameMatchKey(user.name);
    (byName.get(key) ?? byName.set(key, []).get(key)!).push(employee.id);
  }
  const isActive = (id: string) => org.employees.get(id)?.status === 'active';
  const managerOf = new Map<string, string | null>();
  const claimOf = new Map(claims.map((claim) => [claim.employeeId, claim]));
  const warn = (claim: ManagerClaim, message: string) =>
    issues.warning(issues.sheetOf(claim.source), claim.source.row, 'manager', 'reporting_line', message, claim.who);
  for (const employee of active) {
    const claim = claimOf.get(employee.id);
    if (!claim) {
      managerOf.set(employee.id, null);
      continue;
    }
    const who = claim.who.trim();
    const named = byName.get(nameMatchKey(who)) ?? [];
    const manager = isActive(who) ? who : (byEmail.get(identityKey(who)) ?? (named.length === 1 ? named[0]! : undefined));
    if (named.length > 1 && manager === undefined) warn(claim, words.sharedName(who, named.length));
    else if (manager === undefined) warn(claim, words.unknownManager(who));
    else if (manager === employee.id) warn(claim, words.reportsToSelf(who));
    else managerOf.set(employee.id, manager);
  }
  dropLoops(managerOf, claimOf, org, warn);
  return managerOf;
}

/** A loop in the reporting line (A reports to B, B to A) is said once, at each of its rows, and left out. */
function dropLoops(
  managerOf: Map<string, string | null>,
  claimOf: ReadonlyMap<string, ManagerClaim>,
  org: Organisation,
  warn: (claim: ManagerClaim, message: string) => void,
): void {
  const state = new Map<string, 'walking' | 'done'>();
  for (const start of [...managerOf.keys()]) {
    const path: string[] = [];
    let at: string | null | undefined = start;
    while (at !== null && at !== undefined && state.get(at) === undefined && managerOf.has(at)) {
      state.set(at, 'walking');
      path.push(at);
      at = managerOf.get(at);
    }
    if (at !== null && at !== undefined && state.get(at) === 'walking') {
      const loop = path.slice(path.indexOf(at));
      const described = [...loop, loop[0]!].map((id) => nameOf(org, id)).join(' → ');
      for (const id of loop) {
        const claim = claimOf.get(id);
        if (claim) warn(claim, validateReportingWords().loop(described));
        managerOf.delete(id);
      }
    }
    for (const id of path) state.set(id, 'done');
  }
}
