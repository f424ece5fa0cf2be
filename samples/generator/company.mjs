/**
 * Nordlys Energi A/S, a fictional Danish energy company: a clean first import into a fresh sandbox
 * (no renames, nobody who left). About 300 employments, a four-level department tree below the top
 * department `root`, about 30 teams each with an owner, ten people with two employments, sickness
 * absence for people in teams (some still sick, no overlaps) and delegations on departments and teams.
 */
import { addDays } from './random.mjs';
import { FEMALE, MALE, SURNAMES, TITLES, mailName } from './names.mjs';

/** The sandbox's default top department: id `root`, name "Company" (src/sandbox/types.ts). */
export const ROOT_ID = 'root';
export const ROOT_NAME = 'Company';
export const DOMAIN = 'nordlysenergi.dk';

/** @type {[id: string, name: string, parent: string][]} */
const DEPARTMENTS = [
  // [id, name, parent] in top-down order; levels 2, 3 and 4 below the top department.
  ['D-100', 'Produktion', ROOT_ID],
  ['D-200', 'Net og Forsyning', ROOT_ID],
  ['D-300', 'Kunder og Salg', ROOT_ID],
  ['D-400', 'Stab og Økonomi', ROOT_ID],
  ['D-110', 'Vindkraft', 'D-100'],
  ['D-120', 'Solenergi', 'D-100'],
  ['D-210', 'Elnet Jylland', 'D-200'],
  ['D-220', 'Elnet Sjælland', 'D-200'],
  ['D-310', 'Privatkunder', 'D-300'],
  ['D-320', 'Erhvervskunder', 'D-300'],
  ['D-410', 'Økonomi', 'D-400'],
  ['D-420', 'HR og Løn', 'D-400'],
  ['D-430', 'IT', 'D-400'],
  ['D-111', 'Vindmøllepark Thyborøn', 'D-110'],
  ['D-112', 'Vindmøllepark Anholt', 'D-110'],
  ['D-121', 'Solpark Fyn', 'D-120'],
  ['D-211', 'Drift Nordjylland', 'D-210'],
  ['D-212', 'Drift Sønderjylland', 'D-210'],
  ['D-311', 'Kundeservice', 'D-310'],
  ['D-431', 'Infrastruktur', 'D-430'],
];

/** @type {[departmentId: string, names: string[]][]} */
const TEAMS = [
  // [department, team names]
  ['D-111', ['Service Thyborøn', 'Vagt Thyborøn']],
  ['D-112', ['Service Anholt', 'Havneteam Grenå']],
  ['D-110', ['Vindanalyse']],
  ['D-121', ['Montage Fyn', 'Drift Fyn']],
  ['D-120', ['Solprojekter']],
  ['D-211', ['Kabelteam Aalborg', 'Målerteam Nord']],
  ['D-212', ['Kabelteam Aabenraa', 'Målerteam Syd']],
  ['D-220', ['Elnet København', 'Elnet Roskilde', 'Beredskab Sjælland']],
  ['D-311', ['Kundeservice Aarhus', 'Kundeservice Odense', 'Flytteservice']],
  ['D-310', ['Privatsalg']],
  ['D-320', ['Erhvervssalg Øst', 'Erhvervssalg Vest', 'Kundeansvarlige']],
  ['D-410', ['Bogholderi', 'Controlling']],
  ['D-420', ['Løn', 'Rekruttering og Trivsel']],
  ['D-431', ['Drift og Netværk']],
  ['D-430', ['Udvikling', 'Support']],
];

export function buildCompany(rng) {
  const people = makePeople(rng, 290);
  const teams = [];
  let teamNumber = 0;
  for (const [departmentId, names] of TEAMS) {
    for (const name of names) {
      teamNumber += 1;
      teams.push({ id: `T-${String(teamNumber).padStart(3, '0')}`, name, departmentId, owner: null });
    }
  }

  const { employees, hire, continueFrom } = hiring(1001);

  // The top department and every department of levels 2 and 3 have a head outside the teams.
  /** @type {{ id: string, name: string, parentId: string | null, owner: string | null }[]} */
  const departments = [{ id: ROOT_ID, name: ROOT_NAME, parentId: null, owner: null }];
  for (const [id, name, parentId] of DEPARTMENTS) departments.push({ id, name, parentId, owner: null });
  const headed = departments.filter((d) => d.parentId === null || d.parentId === ROOT_ID || depthOf(d.id) === 3);
  const heads = hireHeads(headed, people, hire, (d) => depthOf(d.id));
  staffTeams(rng, people.slice(heads), teams, hire);

  // Ten people also hold a second employment (a standby or project post) in another team.
  const twice = rng.shuffle(employees.filter((e) => e.teamId !== null && e.title !== 'Teamleder')).slice(0, 10);
  continueFrom(2001);
  for (const first of twice) {
    const otherTeams = teams.filter((t) => t.id !== first.teamId);
    first.userId = first.id;
    hire(first.person, { title: rng.pick(SECOND_JOB_TITLES), teamId: rng.pick(otherTeams).id, userId: first.id });
  }

  // Level-4 departments: about half have their own head (a team leader below them), the rest inherit.
  letTeamLeadersHead(
    rng,
    departments.filter((d) => depthOf(d.id) === 4),
    teams,
  );

  return {
    departments,
    teams,
    employees,
    absences: makeAbsences(rng, employees, { people: 34, secondPeriod: (index) => index < 6 }),
    delegations: makeDelegations(rng, teams, employees),
  };
}

/** Titles of a second employment, held next to a first one in another team. */
export const SECOND_JOB_TITLES = ['Vagtordning', 'Projektmedarbejder', 'Instruktør'];

/**
 * Employee ids handed out from `firstId` up: `hire(person, fields)` adds an employment to `employees`;
 * `continueFrom(id)` moves the next id.
 */
export function hiring(firstId) {
  const employees = [];
  let nextId = firstId;
  const hire = (person, fields) => {
    const employee = { id: String(nextId), userId: '', person, ...fields };
    nextId += 1;
    employees.push(employee);
    return employee;
  };
  const continueFrom = (id) => {
    nextId = id;
  };
  return { employees, hire, continueFrom };
}

/**
 * Department heads are not in a team: the first people, one per department in `headed`, by the
 * department's depth (1 is the top). Returns how many people it took.
 */
export function hireHeads(headed, people, hire, depth) {
  headed.forEach((department, index) => {
    const title = depth(department) === 1 ? 'Administrerende direktør' : depth(department) === 2 ? 'Direktør' : 'Afdelingschef';
    department.owner = hire(people[index], { title, teamId: null }).id;
  });
  return headed.length;
}

/** Everyone else works from a team: spread over the teams in turn; the first member of a team leads it. */
export function staffTeams(rng, people, teams, hire) {
  people.forEach((person, index) => {
    const team = teams[index % teams.length];
    const leads = team.owner === null;
    const employee = hire(person, { title: leads ? 'Teamleder' : rng.pick(TITLES), teamId: team.id });
    if (leads) team.owner = employee.id;
  });
}

/** About half of `departments` take the leader of their first team as head; the rest inherit one. */
export function letTeamLeadersHead(rng, departments, teams) {
  for (const department of departments) {
    const own = teams.find((t) => t.departmentId === department.id);
    if (own && rng.chance(0.5)) department.owner = own.owner;
  }
}

function depthOf(id) {
  if (id === ROOT_ID) return 1;
  const digits = id.slice(2);
  if (digits.endsWith('00')) return 2;
  if (digits.endsWith('0')) return 3;
  return 4;
}

/**
 * `count` people with Danish names, e-mail addresses at DOMAIN (a second Anne Jensen is
 * anne.jensen2), birthdays from 1960 to 2002 and about 8% with English as their language.
 */
export function makePeople(rng, count) {
  const seenLocal = new Map();
  const people = [];
  while (people.length < count) {
    const female = rng.chance(0.5);
    const first = rng.pick(female ? FEMALE : MALE);
    const last = rng.pick(SURNAMES);
    const name = rng.chance(0.15) ? `${first} ${rng.pick(SURNAMES)} ${last}` : `${first} ${last}`;
    const base = mailName(`${first}.${last}`);
    const seen = (seenLocal.get(base) ?? 0) + 1;
    seenLocal.set(base, seen);
    const local = seen === 1 ? base : `${base}${seen}`;
    const birthday = `${rng.int(1960, 2002)}-${pad(rng.int(1, 12))}-${pad(rng.int(1, 28))}`;
    people.push({
      name,
      email: `${local}@${DOMAIN}`,
      gender: female ? 'K' : 'M',
      birthday,
      language: rng.chance(0.08) ? 'engelsk' : 'dansk',
    });
  }
  return people;
}

/**
 * Sickness absence of `people` employees in teams, chosen at random; `secondPeriod(index)` says which
 * of them have two periods. A second period starts at least three weeks after the first ends (never
 * overlapping, never back to back); every sixth person is still sick in the last period.
 */
export function makeAbsences(rng, employees, { people, secondPeriod }) {
  const inTeams = employees.filter((e) => e.teamId !== null);
  const chosen = rng.shuffle(inTeams).slice(0, people);
  const absences = [];
  chosen.forEach((employee, index) => {
    let start = addDays('2025-01-06', rng.int(0, 250));
    const periods = secondPeriod(index) ? 2 : 1;
    for (let p = 0; p < periods; p += 1) {
      const stillSick = p === periods - 1 && index % 6 === 5;
      if (stillSick) start = addDays('2025-10-20', rng.int(0, 20));
      const end = stillSick ? null : addDays(start, rng.int(0, 14));
      absences.push({ employeeId: employee.id, start, end });
      if (end !== null) start = addDays(end, rng.int(21, 60));
    }
  });
  return absences.sort((a, b) => a.start.localeCompare(b.start) || a.employeeId.localeCompare(b.employeeId));
}

function makeDelegations(rng, teams, employees) {
  const hr = employees.filter((e) => teams.find((t) => t.id === e.teamId)?.departmentId === 'D-420');
  const [hrChief, hrSecond, payroll] = hr;
  const rows = [
    [ROOT_ID, 'manage_organisation_department', hrChief],
    [ROOT_ID, 'configuration', hrChief],
    [ROOT_ID, 'department_task_report_siab', hrSecond],
    [ROOT_ID, 'department_task_report_edp', hrSecond],
    ['D-200', 'manage_organisation_department', payroll],
    ['D-300', 'department_task_report_siab', payroll],
  ];
  for (const team of rng.shuffle(teams).slice(0, 8)) {
    rows.push([
      team.id,
      rng.pick(['dialog_access_cv', 'dialog_access_onboarding', 'dialog_access_siab', 'dialog_access_edp']),
      rng.pick(hr),
    ]);
  }
  const seen = new Set();
  return rows
    .map(([unitId, responsibility, employee]) => ({ unitId, responsibility, employeeId: employee.id }))
    .filter((d) => {
      const key = `${d.unitId}/${d.responsibility}/${d.employeeId}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

function pad(n) {
  return String(n).padStart(2, '0');
}
