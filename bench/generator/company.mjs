/**
 * A Danish company of any size for the benchmarks, in the shape of samples/generator/company.mjs
 * ({ departments, teams, employees, absences, delegations }), so the samples' writers and column
 * layout apply unchanged. Seeded: the same size and seed give the same company on every machine.
 *
 * Proportions (about one department per 100 employments, one team per 20):
 *   5,000 employments → 50 departments + 250 teams (300 units)
 *   100,000 employments → 1,000 departments + 5,000 teams
 * Every department above the leaves has a head outside the teams; about half the leaves take a team
 * leader as head, the rest inherit. 1% of people hold a second employment (shared user_id). About 10% of
 * team members have sickness absence (a fifth of them two periods, one in six of the last periods still
 * open, never overlapping); one delegation per ~50 employments on departments and teams.
 */
import { addDays } from '../../samples/generator/random.mjs';
import { FEMALE, MALE, SURNAMES, TITLES, mailName } from '../../samples/generator/names.mjs';

export const ROOT_ID = 'root';
export const ROOT_NAME = 'Company';
const DOMAIN = 'nordlysenergi.dk';

const AREAS = ['Produktion', 'Net', 'Salg', 'Service', 'Økonomi', 'Drift', 'Udvikling', 'Kundeservice', 'Logistik', 'Indkøb', 'Kvalitet', 'Sikkerhed'];
const TOWNS = ['Aarhus', 'Aalborg', 'Odense', 'Esbjerg', 'Randers', 'Kolding', 'Horsens', 'Vejle', 'Roskilde', 'Herning', 'Næstved', 'Sønderborg', 'Thisted', 'Skive', 'Ærøskøbing', 'Grenå'];
const TEAM_WORDS = ['Montage', 'Vagt', 'Kabel', 'Måler', 'Support', 'Planlægning', 'Projekt', 'Beredskab', 'Analyse', 'Lager'];
const FANOUT = 6;

export function buildLargeCompany(rng, employmentCount) {
  const departmentCount = Math.max(4, Math.round(employmentCount / 100));
  const teamCount = Math.max(1, Math.round(employmentCount / 20));
  const departments = makeDepartmentTree(rng, departmentCount);
  const leaves = departments.filter((d) => d.leaf);
  const teams = [];
  for (let n = 1; n <= teamCount; n += 1) {
    const department = leaves[(n - 1) % leaves.length];
    teams.push({ id: `T-${String(n).padStart(5, '0')}`, name: `${rng.pick(TEAM_WORDS)} ${department.town} ${n}`, departmentId: department.id, owner: null });
  }

  const secondJobs = Math.floor(employmentCount / 100);
  const people = makePeople(rng, employmentCount - secondJobs);
  const employees = [];
  let nextId = 100001;
  const hire = (person, fields) => {
    const employee = { id: String(nextId), userId: '', person, ...fields };
    nextId += 1;
    employees.push(employee);
    return employee;
  };

  let personIndex = 0;
  for (const department of departments.filter((d) => !d.leaf)) {
    const title = department.id === ROOT_ID ? 'Administrerende direktør' : department.depth === 2 ? 'Direktør' : 'Afdelingschef';
    department.owner = hire(people[personIndex], { title, teamId: null }).id;
    personIndex += 1;
  }
  people.slice(personIndex).forEach((person, index) => {
    const team = teams[index % teams.length];
    const leads = team.owner === null;
    const employee = hire(person, { title: leads ? 'Teamleder' : rng.pick(TITLES), teamId: team.id });
    if (leads) team.owner = employee.id;
  });

  const candidates = employees.filter((e) => e.teamId !== null && e.title !== 'Teamleder');
  for (const first of rng.shuffle(candidates).slice(0, secondJobs)) {
    first.userId = first.id;
    let team = rng.pick(teams);
    while (team.id === first.teamId) team = rng.pick(teams);
    hire(first.person, { title: rng.pick(['Vagtordning', 'Projektmedarbejder', 'Instruktør']), teamId: team.id, userId: first.id });
  }

  for (const leaf of leaves) {
    const own = teams.find((t) => t.departmentId === leaf.id);
    if (own && rng.chance(0.5)) leaf.owner = own.owner;
  }

  return {
    departments: departments.map(({ id, name, parentId, owner }) => ({ id, name, parentId, owner })),
    teams,
    employees,
    absences: makeAbsences(rng, employees),
    delegations: makeDelegations(rng, departments, teams, employees),
  };
}

/** Breadth first below the top department, FANOUT children each, until `count` departments exist. */
function makeDepartmentTree(rng, count) {
  const root = { id: ROOT_ID, name: ROOT_NAME, parentId: null, owner: null, depth: 1, town: 'Aarhus', leaf: false };
  const all = [root];
  const queue = [root];
  let made = 0;
  while (made < count) {
    const parent = queue.shift();
    for (let c = 0; c < FANOUT && made < count; c += 1) {
      made += 1;
      const town = rng.pick(TOWNS);
      const department = {
        id: `D-${String(made).padStart(4, '0')}`,
        name: `${rng.pick(AREAS)} ${town}`,
        parentId: parent.id,
        owner: null,
        depth: parent.depth + 1,
        town,
        leaf: true,
      };
      parent.leaf = false;
      all.push(department);
      queue.push(department);
    }
  }
  return all;
}

function makePeople(rng, count) {
  const usedLocal = new Map();
  const people = [];
  while (people.length < count) {
    const female = rng.chance(0.5);
    const first = rng.pick(female ? FEMALE : MALE);
    const last = rng.pick(SURNAMES);
    const name = rng.chance(0.15) ? `${first} ${rng.pick(SURNAMES)} ${last}` : `${first} ${last}`;
    const base = mailName(`${first}.${last}`);
    const seen = (usedLocal.get(base) ?? 0) + 1;
    usedLocal.set(base, seen);
    const local = seen === 1 ? base : `${base}${seen}`;
    people.push({
      name,
      email: `${local}@${DOMAIN}`,
      gender: female ? 'K' : 'M',
      birthday: `${rng.int(1960, 2002)}-${pad(rng.int(1, 12))}-${pad(rng.int(1, 28))}`,
      language: rng.chance(0.08) ? 'engelsk' : 'dansk',
    });
  }
  return people;
}

function makeAbsences(rng, employees) {
  const inTeams = employees.filter((e) => e.teamId !== null);
  const chosen = rng.shuffle(inTeams).slice(0, Math.floor(inTeams.length / 10));
  const absences = [];
  chosen.forEach((employee, index) => {
    let start = addDays('2025-01-06', rng.int(0, 250));
    const periods = index % 5 === 0 ? 2 : 1;
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

const DEPARTMENT_RESPONSIBILITIES = ['manage_organisation_department', 'configuration', 'department_task_report_siab', 'department_task_report_edp'];
const TEAM_RESPONSIBILITIES = ['dialog_access_cv', 'dialog_access_onboarding', 'dialog_access_siab', 'dialog_access_edp'];

function makeDelegations(rng, departments, teams, employees) {
  const holders = employees.filter((e) => e.teamId !== null);
  const wanted = Math.max(4, Math.floor(employees.length / 50));
  const seen = new Set();
  const delegations = [];
  while (delegations.length < wanted) {
    const onDepartment = rng.chance(0.4);
    const unit = onDepartment ? rng.pick(departments) : rng.pick(teams);
    const responsibility = rng.pick(onDepartment ? DEPARTMENT_RESPONSIBILITIES : TEAM_RESPONSIBILITIES);
    const employeeId = rng.pick(holders).id;
    const key = `${unit.id}/${responsibility}/${employeeId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    delegations.push({ unitId: unit.id, responsibility, employeeId });
  }
  return delegations;
}

function pad(n) {
  return String(n).padStart(2, '0');
}
