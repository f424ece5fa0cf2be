/**
 * A Danish company of any size for the benchmarks, built with the pieces of samples/generator/company.mjs
 * (people, hiring, team staffing, absences) and in its shape ({ departments, teams, employees, absences,
 * delegations }), so the samples' sheet layout applies unchanged. Seeded: the same size and seed give
 * the same company on every machine.
 *
 * Proportions (about one department per 100 employments, one team per 20):
 *   5,000 employments → 50 departments + 250 teams (300 units)
 *   100,000 employments → 1,000 departments + 5,000 teams
 * What differs from the samples is what must grow with the size: a generated department tree, team
 * names, second employments for 1% of people, absence for about 10% of team members (a fifth of them
 * two periods) and one delegation per ~50 employments on departments and teams.
 */
import {
  ROOT_ID,
  ROOT_NAME,
  SECOND_JOB_TITLES,
  hireHeads,
  hiring,
  letTeamLeadersHead,
  makeAbsences,
  makePeople,
  staffTeams,
} from '../../samples/generator/company.mjs';

const AREAS = [
  'Produktion',
  'Net',
  'Salg',
  'Service',
  'Økonomi',
  'Drift',
  'Udvikling',
  'Kundeservice',
  'Logistik',
  'Indkøb',
  'Kvalitet',
  'Sikkerhed',
];
const TOWNS = [
  'Aarhus',
  'Aalborg',
  'Odense',
  'Esbjerg',
  'Randers',
  'Kolding',
  'Horsens',
  'Vejle',
  'Roskilde',
  'Herning',
  'Næstved',
  'Sønderborg',
  'Thisted',
  'Skive',
  'Ærøskøbing',
  'Grenå',
];
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
    if (!department) throw new Error('a company has at least one leaf department');
    teams.push({
      id: `T-${String(n).padStart(5, '0')}`,
      name: `${rng.pick(TEAM_WORDS)} ${department.town} ${n}`,
      departmentId: department.id,
      owner: null,
    });
  }

  const secondJobs = Math.floor(employmentCount / 100);
  const people = makePeople(rng, employmentCount - secondJobs);
  const { employees, hire } = hiring(100001);
  const heads = hireHeads(
    departments.filter((d) => !d.leaf),
    people,
    hire,
    (d) => d.depth,
  );
  staffTeams(rng, people.slice(heads), teams, hire);

  // Another team, drawn again until it differs: the samples' filtered team list per person would cost
  // 1,000 × 5,000 steps at 100,000 employments.
  const candidates = employees.filter((e) => e.teamId !== null && e.title !== 'Teamleder');
  for (const first of rng.shuffle(candidates).slice(0, secondJobs)) {
    first.userId = first.id;
    let team = rng.pick(teams);
    while (team.id === first.teamId) team = rng.pick(teams);
    hire(first.person, { title: rng.pick(SECOND_JOB_TITLES), teamId: team.id, userId: first.id });
  }

  letTeamLeadersHead(rng, leaves, teams);

  const inTeams = employees.filter((e) => e.teamId !== null).length;
  return {
    departments: departments.map(({ id, name, parentId, owner }) => ({ id, name, parentId, owner })),
    teams,
    employees,
    absences: makeAbsences(rng, employees, { people: Math.floor(inTeams / 10), secondPeriod: (index) => index % 5 === 0 }),
    delegations: makeDelegations(rng, departments, teams, employees),
  };
}

/**
 * @typedef {{ id: string, name: string, parentId: string | null, owner: string | null, depth: number, town: string, leaf: boolean }} Department
 */

/**
 * Breadth first below the top department, FANOUT children each, until `count` departments exist.
 * @returns {Department[]}
 */
function makeDepartmentTree(rng, count) {
  /** @type {Department} */
  const root = { id: ROOT_ID, name: ROOT_NAME, parentId: null, owner: null, depth: 1, town: 'Aarhus', leaf: false };
  const all = [root];
  const queue = [root];
  let made = 0;
  while (made < count) {
    const parent = queue.shift();
    if (!parent) break;
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

const DEPARTMENT_RESPONSIBILITIES = [
  'manage_organisation_department',
  'configuration',
  'department_task_report_siab',
  'department_task_report_edp',
];
const TEAM_RESPONSIBILITIES = ['dialog_access_cv', 'dialog_access_onboarding', 'dialog_access_siab', 'dialog_access_edp'];

/** Random delegations held by team members, no two alike (the samples hand-pick theirs). */
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
