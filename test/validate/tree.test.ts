import { describe, expect, it } from 'vitest';
import { checkDepartmentTree, topologicalOrder, type TreeNode } from '../../src/validate/index.js';

function tree(pairs: [string, string | null][]): Map<string, TreeNode> {
  return new Map(pairs.map(([id, parentId]) => [id, { id, parentId }]));
}

describe('department tree', () => {
  it('orders every department after its parent, whatever the input order', () => {
    const departments = tree([
      ['C', 'B'],
      ['B', 'A'],
      ['A', null],
      ['X', 'IN_SERVICE'],
      ['Y', 'X'],
    ]);
    const order = topologicalOrder(departments);
    expect(new Set(order)).toEqual(new Set(departments.keys()));
    for (const { id, parentId } of departments.values()) {
      if (parentId !== null && departments.has(parentId)) expect(order.indexOf(parentId)).toBeLessThan(order.indexOf(id));
    }
  });

  it('leaves departments in or below a loop out of the order', () => {
    expect(
      topologicalOrder(
        tree([
          ['A', null],
          ['B', 'C'],
          ['C', 'B'],
          ['D', 'C'],
          ['E', 'E'],
        ]),
      ),
    ).toEqual(['A']);
  });

  it('finds each loop with all its members and none of the departments below it', () => {
    const { cycles } = checkDepartmentTree(
      tree([
        ['A', null],
        ['B', 'C'],
        ['C', 'B'],
        ['D', 'C'],
        ['E', 'E'],
      ]),
    );
    expect(cycles.map((c) => c.map((d) => d.id))).toEqual([['B', 'C'], ['E']]);
  });

  it('handles a very deep tree without running out of stack', () => {
    const pairs: [string, string | null][] = [['0', null]];
    for (let i = 1; i < 100_000; i++) pairs.push([String(i), String(i - 1)]);
    const departments = tree(pairs.reverse());
    expect(checkDepartmentTree(departments).cycles).toEqual([]);
    expect(topologicalOrder(departments).slice(0, 3)).toEqual(['0', '1', '2']);
  });
});
