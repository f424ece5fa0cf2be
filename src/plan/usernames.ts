/**
 * Usernames are unique in the service, so a user may take another's username only after that user has
 * given it up (the graph orders that: see `releasesUsername`). When people swap usernames, or pass them
 * round in a ring, nobody can go first: one of them first moves to a temporary username, which frees
 * theirs for the next in the ring, and takes the new one last.
 */
import { operation, type Operation, type OperationOf } from '../model/operations.js';

type UsernameChange = OperationOf<'updateUser'>;

/**
 * Names that may collide: case and Unicode normalisation apart. The service may hold two names that
 * differ only so ("Bob" and "bob"); both then count as holders of the one key.
 */
export function usernameKey(username: string): string {
  return username.normalize('NFC').toLowerCase();
}

/** A username no person has: the service's id of the user is unique, and so is this. */
export function temporaryUsername(userId: string): string {
  return `orgsync-moving-${userId}`;
}

export function breakUsernameCycles(ops: Operation[]): void {
  const changes = ops.filter((op): op is UsernameChange => op.type === 'updateUser' && op.changes.username !== undefined);
  for (let ring = findRing(changes); ring !== null; ring = findRing(changes)) releaseFirst(ring, ops);
}

/** Each change waits for every other change that gives up a name of the same key as the one it takes. */
function waits(changes: readonly UsernameChange[]): Map<UsernameChange, UsernameChange[]> {
  const releasing = new Map<string, UsernameChange[]>();
  for (const op of changes) {
    if (op.releasesUsername === undefined) continue;
    const key = usernameKey(op.releasesUsername);
    releasing.set(key, [...(releasing.get(key) ?? []), op]);
  }
  return new Map(changes.map((op) => [op, (releasing.get(usernameKey(op.changes.username!.now)) ?? []).filter((holder) => holder !== op)]));
}

/** One ring of waits (the changes in it, in order), or null when there is none. */
function findRing(changes: readonly UsernameChange[]): UsernameChange[] | null {
  const next = waits(changes);
  const finished = new Set<UsernameChange>();
  const path: UsernameChange[] = [];
  const onPath = new Set<UsernameChange>();
  const visit = (op: UsernameChange): UsernameChange[] | null => {
    path.push(op);
    onPath.add(op);
    for (const holder of next.get(op) ?? []) {
      if (onPath.has(holder)) return path.slice(path.indexOf(holder));
      if (finished.has(holder)) continue;
      const ring = visit(holder);
      if (ring) return ring;
    }
    path.pop();
    onPath.delete(op);
    finished.add(op);
    return null;
  };
  for (const op of changes) {
    if (finished.has(op)) continue;
    const ring = visit(op);
    if (ring) return ring;
  }
  return null;
}

/** The ring's first user (by id) moves to a temporary username first; its final change then waits for nobody's. */
function releaseFirst(ring: UsernameChange[], ops: Operation[]): void {
  const first = ring.reduce((a, b) => (a.id < b.id ? a : b));
  const released = first.releasesUsername!;
  const temporary = temporaryUsername(first.id);
  ops.push(
    operation(
      {
        type: 'updateUser',
        id: first.id,
        changes: { username: { ...first.changes.username!, now: temporary } },
        releasesUsername: released,
        reason: { code: 'frees_username', released, next: first.changes.username!.now },
        ...(first.source ? { source: first.source } : {}),
      },
      'temporary-username',
    ),
  );
  delete first.releasesUsername;
}
