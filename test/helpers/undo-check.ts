/**
 * What undo promises, for the tests that check it: the sandbox after `undo RUN` equals its snapshot before
 * the run, except what the undo said it cannot give back ("Cannot be undone: …" lines, cli.md): absence
 * reports, departments and teams the run deleted (their former members stay out of them), and the person
 * records the run created (their employments are ended).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SandboxSnapshot } from '../../src/sandbox/index.js';

export interface NamedByUndo {
  deletedDepartments: string[];
  deletedTeams: string[];
  /** Employees said to stay out of a deleted team. */
  outOfDeletedTeams: string[];
  absencesStay: boolean;
  peopleStay: boolean;
}

/** What the undo's output names as not undone (English words). */
export function namedByUndo(stdout: string): NamedByUndo {
  const all = (pattern: RegExp) => [...stdout.matchAll(pattern)].map((m) => m[1]!);
  return {
    deletedDepartments: all(/Cannot be undone: Department (\S+) was deleted/g),
    deletedTeams: all(/Cannot be undone: Team (\S+) was deleted/g),
    outOfDeletedTeams: all(/Cannot be undone: Employee (\S+) stays out of team/g),
    absencesStay: /Cannot be undone: \d+ absence report\(s\)/.test(stdout),
    peopleStay: /Cannot be undone: \d+ person record\(s\)/.test(stdout),
  };
}

/**
 * The part of a snapshot undo gives back, `before` being the snapshot before the undone run: service-made
 * ids of delegations and absences left out (a delegation put back is a new one), and what `named` excuses.
 */
export function restorable(s: SandboxSnapshot, before: SandboxSnapshot, named: NamedByUndo) {
  const existedBefore = new Set(before.employees.map((e) => e.id));
  const peopleBefore = new Set(before.users.map((u) => u.id));
  const goneUnits = new Set([...named.deletedDepartments, ...named.deletedTeams]);
  return {
    users: s.users.filter((u) => !named.peopleStay || peopleBefore.has(u.id)),
    employees: s.employees
      // A created employee is fired by undo: when its person stays, the ended employment stays with it.
      .filter((e) => !(named.peopleStay && !existedBefore.has(e.id) && !e.active))
      .map((e) => (named.outOfDeletedTeams.includes(e.id) ? { ...e, teamId: null } : e)),
    departments: s.departments.filter((d) => !named.deletedDepartments.includes(d.id)),
    teams: s.teams
      .filter((t) => !named.deletedTeams.includes(t.id))
      .map((t) => ({ ...t, members: t.members.filter((m) => !named.outOfDeletedTeams.includes(m)) })),
    delegations: s.delegations
      .filter((d) => !goneUnits.has(d.unitId))
      .map(({ id: _id, ...d }) => d)
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    absences: named.absencesStay ? [] : s.absences.map(({ id: _id, ...a }) => a),
  };
}

/** The runs recorded in a state folder, oldest first (their folder names are their start times). */
export function recordedRuns(cwd: string): string[] {
  return readdirSync(join(cwd, '.orgsync', 'history')).sort();
}
