/**
 * Id changes in order. An id can be taken only once its holder has given it up (the graph orders that:
 * `freed:`); when ids are exchanged (a swap) or passed round in a ring, nobody can go first: one of them
 * first moves to a temporary id, which frees theirs for the next in the ring, and takes its new id last.
 * usernames.ts does the same for usernames. A run interrupted between the steps is finished by the next:
 * an entity under a temporary id is the one the workbook's previous id names.
 */
import type { Source } from '../model/organisation.js';
import type { DiffNote } from './diff-common.js';
import type { EntityLabel } from '../model/reasons.js';

const TEMPORARY_PREFIX = 'orgsync-moving-';

/** An id no workbook row has: the entity's own id is unique, and so is this. */
export function temporaryId(id: string): string {
  return `${TEMPORARY_PREFIX}${id}`;
}

export function isTemporaryId(id: string): boolean {
  return id.startsWith(TEMPORARY_PREFIX);
}

export interface RenameRequest {
  /** The id the service has now (a temporary id when an earlier run stopped half-way). */
  from: string;
  to: string;
  source?: Source;
  /** Who or what the workbook's row is (a person's username, a unit's name): tells a done exchange from one to do. */
  identity: string | null;
}

export interface RenameStep {
  fromId: string;
  id: string;
  source?: Source;
  /** 'first': the move to a temporary id; 'last': from the temporary id to the new one. */
  temporary?: 'first' | 'last';
}

export interface OrderedRenames {
  steps: RenameStep[];
  /** The service's id now → the id it will have, for every rename carried out. */
  mapping: Map<string, string>;
}

/**
 * Which renames can be carried out, and their steps: a rename to an id the service holds goes ahead only
 * when that id's holder is renamed too; a ring gets one temporary step.
 */
export function orderRenames(
  requests: readonly RenameRequest[],
  exists: (id: string) => boolean,
  /** The identity of the service's entity under an id (see RenameRequest.identity). */
  identityOf: (id: string) => string | null,
  label: EntityLabel,
  notes: DiffNote[],
): OrderedRenames {
  const accepted = new Map<string, RenameRequest>();
  const inRing = ringMembers(requests);
  for (const request of requests) {
    if (accepted.has(request.from)) continue;
    if (inRing.has(request.from)) {
      // Ids exchanged: the workbook keeps saying so after the exchange is done. Done when the entity under
      // the new id is already the row's; when the two cannot be told apart, nothing is exchanged back and forth.
      const here = identityOf(request.to);
      const there = identityOf(request.from);
      if (request.identity !== null && here === request.identity && there !== request.identity) continue;
      if (request.identity === null || here === there) {
        notes.push({
          reason: { code: 'exchange_undecidable', kind: label, from: request.from, to: request.to },
          ...(request.source ? { source: request.source } : {}),
        });
        continue;
      }
    }
    accepted.set(request.from, request);
  }
  for (let dropped = true; dropped; ) {
    dropped = false;
    for (const [from, request] of accepted) {
      if (!exists(request.to) || accepted.has(request.to)) continue;
      notes.push({
        reason: { code: 'rename_target_taken', kind: label, to: request.to, from },
        ...(request.source ? { source: request.source } : {}),
      });
      accepted.delete(from);
      dropped = true;
    }
  }
  const steps: RenameStep[] = [];
  const viaTemporary = new Set<string>();
  const walked = new Set<string>();
  for (const start of [...accepted.keys()].sort()) {
    const path: string[] = [];
    let at: string | undefined = start;
    // Each id is renamed once, so a walk ends at a ring, an id nobody gives up, or an earlier walk.
    while (at !== undefined && accepted.has(at) && !walked.has(at)) {
      walked.add(at);
      path.push(at);
      at = accepted.get(at)!.to;
    }
    if (at === undefined || !path.includes(at)) continue;
    const ring = path.slice(path.indexOf(at));
    // biome-ignore lint/complexity/useMathMinMax: ids are strings, the least by text order
    const first = ring.reduce((a, b) => (a < b ? a : b));
    const request = accepted.get(first)!;
    const source = request.source ? { source: request.source } : {};
    viaTemporary.add(first);
    steps.push({ fromId: first, id: temporaryId(first), temporary: 'first', ...source });
    steps.push({ fromId: temporaryId(first), id: request.to, temporary: 'last', ...source });
  }
  for (const [from, request] of accepted) {
    if (viaTemporary.has(from)) continue;
    steps.push({ fromId: from, id: request.to, ...(request.source ? { source: request.source } : {}) });
  }
  const mapping = new Map<string, string>();
  for (const [from, request] of accepted) mapping.set(from, request.to);
  return { steps, mapping };
}

/** The `from` ids of requests that form rings (A→B→…→A). */
function ringMembers(requests: readonly RenameRequest[]): Set<string> {
  const next = new Map<string, string>();
  for (const r of requests) if (!next.has(r.from)) next.set(r.from, r.to);
  const members = new Set<string>();
  const walked = new Set<string>();
  for (const start of next.keys()) {
    const path: string[] = [];
    let at: string | undefined = start;
    while (at !== undefined && next.has(at) && !walked.has(at)) {
      walked.add(at);
      path.push(at);
      at = next.get(at);
    }
    if (at !== undefined && path.includes(at)) for (const id of path.slice(path.indexOf(at))) members.add(id);
  }
  return members;
}

/** A map with its keys renamed all at once (a swap must not chain: A→B then B→A). */
export function renameAll<T extends { id: string }>(map: Map<string, T>, mapping: ReadonlyMap<string, string>): void {
  const entries = [...map];
  map.clear();
  for (const [id, entity] of entries) {
    const to = mapping.get(id);
    map.set(to ?? id, to === undefined ? entity : { ...entity, id: to });
  }
}

export function renamedId(mapping: ReadonlyMap<string, string>, id: string): string;
export function renamedId(mapping: ReadonlyMap<string, string>, id: string | null): string | null;
export function renamedId(mapping: ReadonlyMap<string, string>, id: string | null | undefined): string | null | undefined;
export function renamedId(mapping: ReadonlyMap<string, string>, id: string | null | undefined): string | null | undefined {
  return id ? (mapping.get(id) ?? id) : id;
}
