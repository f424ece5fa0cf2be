/**
 * A plan: the diff's operations with their dependency graph, the deletion guard's verdict, and notes.
 * The one object that is rendered for people, serialised into the JSON report and walked by the loader.
 */
import { diffOrganisations, type DiffInput, type DiffNote } from './diff.js';
import { buildGraph, type PlannedOperation } from './graph.js';
import { OPERATION_KINDS, type Operation } from '../model/operations.js';
import { planConsequences } from './consequences.js';
import { inOrder } from './after.js';
import type { Organisation } from '../model/organisation.js';

export interface DeletionGuard {
  /** Removals per entity kind and the most allowed without --force. */
  kinds: { entity: string; removals: number; limit: number; inService: number }[];
  exceeded: boolean;
  /** The removals the guard would have let through, for naming them when it stops. */
  removals: Operation[];
}

export interface Plan {
  readonly operations: readonly PlannedOperation[];
  notes: DiffNote[];
  guard: DeletionGuard;
  /** Keys of the removals held for approval (`--hold-removals`): not carried out by this run. */
  held?: string[];
  /**
   * On the page: the held removals approved before the run, carried out by it. The guard then counts
   * these alone, and refuses them as it refuses any removals.
   */
  approved?: string[];
}

export interface PlanOptions extends DiffInput {
  /** --max-deletions: an absolute number per kind; undefined: 10% of the kind in the service, at least 5. */
  maxDeletions?: number;
}

/**
 * What the deletion guard counts: removals only --prune asks for (cli.md). A fire or delete the workbook
 * asks for (status left) is a change the user wrote and is not limited.
 */
export function isPrunedRemoval(op: Operation): boolean {
  return op.pruned === true;
}

export function defaultDeletionLimit(inService: number): number {
  return Math.max(5, Math.floor(inService * 0.1));
}

function guard(ops: Operation[], input: PlanOptions): DeletionGuard {
  return deletionGuard(ops.filter(isPrunedRemoval), input.current.org, input.maxDeletions);
}

/** The guard's verdict on these removals (also: the removals approved one by one, apply --approve). */
export function deletionGuard(removals: Operation[], org: Organisation, maxDeletions: number | undefined): DeletionGuard {
  const inService: Record<string, number> = {
    employee: org.employees.size,
    department: org.departments.size,
    team: org.teams.size,
    delegation: org.delegations.length,
  };
  const counts = new Map<string, number>();
  for (const op of removals) {
    const entity = OPERATION_KINDS[op.type].entity;
    counts.set(entity, (counts.get(entity) ?? 0) + 1);
  }
  const kinds = [...counts].map(([entity, removalCount]) => {
    const total = inService[entity] ?? 0;
    return { entity, removals: removalCount, inService: total, limit: maxDeletions ?? defaultDeletionLimit(total) };
  });
  return { kinds, exceeded: kinds.some((k) => k.removals > k.limit), removals };
}

export function buildPlan(input: PlanOptions): Plan {
  const diff = diffOrganisations(input);
  const operations = buildGraph(diff.operations, input.desired, input.current.org);
  const consequences = planConsequences(
    { ...input.current, desired: input.desired, reportedAbsences: input.reportedAbsences },
    inOrder(operations),
  );
  return {
    operations,
    notes: [...diff.notes, ...consequences],
    guard: guard(diff.operations, input),
  };
}
