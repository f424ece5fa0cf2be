/** Pieces the diff's parts share. */
import type { Operation } from './operations.js';

export const PRUNE_REASON = 'not in the workbook (--prune)';

export interface DiffNote {
  message: string;
  source?: Operation['source'];
}

export function renameKey<T extends { id: string }>(map: Map<string, T>, fromId: string, toId: string): void {
  const entity = map.get(fromId);
  if (!entity) return;
  map.delete(fromId);
  map.set(toId, { ...entity, id: toId });
}
