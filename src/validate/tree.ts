/**
 * The department tree as a graph: cycles for the validator, a top-down order for the planner. Pure and
 * linear in the number of departments; no recursion, so a deep tree cannot overflow the stack.
 */
import { validateUnitWords } from '../words/validate-units.js';

export interface TreeNode {
  id: string;
  /** null for a root; a parent outside the given set also counts as a root (it lives in the service). */
  parentId: string | null;
}

/**
 * Finds every loop of parents among the given departments. Each cycle lists its members in parent
 * order, starting at the one met first in the map's order. Departments that merely hang below a loop
 * are not in it and are not listed.
 */
export function checkDepartmentTree<T extends TreeNode>(departments: ReadonlyMap<string, T>): { cycles: T[][] } {
  const cycles: T[][] = [];
  // 0: not visited, 1: on the current walk, 2: done.
  const state = new Map<string, 1 | 2>();
  for (const start of departments.values()) {
    if (state.has(start.id)) continue;
    const walk: T[] = [];
    let node: T | undefined = start;
    while (node !== undefined && !state.has(node.id)) {
      state.set(node.id, 1);
      walk.push(node);
      node = node.parentId === null ? undefined : departments.get(node.parentId);
    }
    if (node !== undefined && state.get(node.id) === 1) {
      const loopStart = walk.indexOf(node);
      cycles.push(walk.slice(loopStart));
    }
    for (const visited of walk) state.set(visited.id, 2);
  }
  return { cycles };
}

/**
 * Department ids top-down: every department after its parent. Roots (no parent, or a parent not in the
 * map) come first, in map order; siblings keep map order. Departments in a loop, or below one, cannot be
 * ordered and are left out: run checkDepartmentTree first.
 */
export function topologicalOrder(departments: ReadonlyMap<string, TreeNode>): string[] {
  const children = new Map<string, string[]>();
  const order: string[] = [];
  for (const department of departments.values()) {
    const parent = department.parentId;
    if (parent === null || parent === department.id || !departments.has(parent)) {
      if (parent !== department.id) order.push(department.id);
      continue;
    }
    const siblings = children.get(parent);
    if (siblings) siblings.push(department.id);
    else children.set(parent, [department.id]);
  }
  for (let next = 0; next < order.length; next++) {
    const below = children.get(order[next]!);
    if (below) for (const id of below) order.push(id);
  }
  return order;
}

/** Members of a loop spelled out in a message; the rest are counted, so a message never grows with the loop. */
export const LOOP_MEMBERS_SHOWN = 6;

/**
 * A loop as words: `"A" → "B" → "C" → "A"`, or for a long loop its first members, how many more, and its
 * last member before it closes. Each member's row gets such a message, so the error file grows linearly
 * with the loop, not with its square.
 */
export function describeLoop(ids: readonly string[]): string {
  const quoted = (id: string) => `"${id}"`;
  if (ids.length <= LOOP_MEMBERS_SHOWN) return [...ids, ids[0]!].map(quoted).join(' → ');
  const head = ids
    .slice(0, LOOP_MEMBERS_SHOWN - 1)
    .map(quoted)
    .join(' → ');
  const hidden = ids.length - LOOP_MEMBERS_SHOWN;
  return validateUnitWords().longLoop(head, hidden, quoted(ids[ids.length - 1]!), quoted(ids[0]!), ids.length);
}
