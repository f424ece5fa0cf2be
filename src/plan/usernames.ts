/**
 * Usernames are unique in the service, so a user may take another's username only after that user has
 * given it up (the graph orders that: see `releasesUsername`). When people swap usernames, or pass them
 * round in a ring, nobody can go first: one of them first moves to a temporary username, which frees
 * theirs for the next in the ring, and takes the new one last.
 */
import type { Operation, OperationOf } from './operations.js';

export function usernameKey(username: string): string {
  return username.normalize('NFC').toLowerCase();
}

/** A username no person has: the service's id of the user is unique, and so is this. */
export function temporaryUsername(userId: string): string {
  return `orgsync-moving-${userId}`;
}

export function breakUsernameCycles(ops: Operation[]): void {
  const changes = ops.filter((op): op is OperationOf<'updateUser'> => op.type === 'updateUser' && op.changes.username !== undefined);
  const releasing = new Map<string, OperationOf<'updateUser'>>();
  for (const op of changes) if (op.releasesUsername !== undefined) releasing.set(usernameKey(op.releasesUsername), op);
  // Each change waits for at most one other (the holder of the name it takes): the waits form chains and rings.
  const waitsFor = (op: OperationOf<'updateUser'>) => {
    const holder = releasing.get(usernameKey(op.changes.username!));
    return holder === op ? undefined : holder; // a change of case only
  };
  const settled = new Set<OperationOf<'updateUser'>>();
  for (const start of changes) {
    const path: OperationOf<'updateUser'>[] = [];
    const onPath = new Set<OperationOf<'updateUser'>>();
    let op: OperationOf<'updateUser'> | undefined = start;
    while (op !== undefined && !settled.has(op) && !onPath.has(op)) {
      path.push(op);
      onPath.add(op);
      op = waitsFor(op);
    }
    if (op !== undefined && onPath.has(op)) releaseFirst(path.slice(path.indexOf(op)), ops);
    for (const seen of path) settled.add(seen);
  }
}

function releaseFirst(ring: OperationOf<'updateUser'>[], ops: Operation[]): void {
  const first = ring.reduce((a, b) => (a.id < b.id ? a : b));
  const released = first.releasesUsername!;
  const temporary = temporaryUsername(first.id);
  ops.push({
    type: 'updateUser',
    key: `updateUser:${first.id}:temporary-username`,
    id: first.id,
    changes: { username: temporary },
    releasesUsername: released,
    reason: `frees the username "${released}" for the next person in a round of username changes; "${first.changes.username}" follows`,
    ...(first.source ? { source: first.source } : {}),
  });
  delete first.releasesUsername;
}
