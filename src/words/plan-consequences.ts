/**
 * The consequences a plan states before they happen (src/plan/consequences.ts): who loses access to
 * what, who becomes responsible, which reports the service will refuse.
 */
import { formatNumber, phrasebook, plural } from './language.js';
import type { Inherited, Who } from '../model/reasons.js';

function whoEn(who: Who): string {
  if (who === null) return 'nobody';
  return who.name !== undefined ? `employee ${who.employeeId} (${who.name})` : `employee ${who.employeeId}`;
}

function whoDa(who: Who): string {
  if (who === null) return 'ingen';
  return who.name !== undefined ? `medarbejder ${who.employeeId} (${who.name})` : `medarbejder ${who.employeeId}`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const en = {
  teamDeleted: (id: string, name: string | undefined, leader: Who) =>
    `Team ${id}${name !== undefined ? ` "${name}"` : ''} is deleted: its dialog data becomes inaccessible to its leader${leader ? `, ${whoEn(leader)}` : ''}. Keep or move the team instead if that data is still needed.`,
  sickLeavesTeams: (who: Who, since: string, fired: boolean) =>
    `${capitalise(whoEn(who))} is sick (open absence since ${since}) and ${fired ? 'is fired, so leaves' : 'leaves'} every team: the service reports sick only an employee in a team, so it will refuse their next sickness report (reporting them fit, say) until they are in a team again.`,
  losesOwner: (unit: { kind: 'department' | 'team'; id: string; name: string }, owner: Who, heir: Who, from: string, isTop: boolean) =>
    `${capitalise(unit.kind)} ${unit.id} "${unit.name}" loses its owner, ${whoEn(owner)}: ${
      heir ? `${whoEn(heir)} becomes responsible by inheritance from department ${from}` : 'nobody is responsible for it then'
    }${isTop ? ', and every unit that inherits its responsible employee from the top department has nobody either' : ''}.`,
  newUnitsInherit: (units: readonly Inherited[], more: number, page: boolean) =>
    `${formatNumber(units.length + more)} new unit(s) have no leader of their own and inherit the responsible employee from above: ${units
      .map((u) => `${u.kind} ${u.id} → ${whoEn(u.heir)}`)
      .join(
        '; ',
      )}${more > 0 ? `; and ${formatNumber(more)} more (${page ? 'the plan page shows each' : 'the plan is too large for a page: --report FILE.json lists every new unit'})` : ''}.`,
  teamEmptied: (id: string, name: string, had: number) => `Team ${id} "${name}" is left without members (it had ${formatNumber(had)}).`,
  topOwnerFired: (owner: Who) =>
    `The owner of the top department, ${whoEn(owner)}, is fired: the service refuses to fire the owner of the top department. Give the top department another owner first.`,
  topOwnerChanges: (was: Who, now: Who) =>
    `The owner of the top department changes from ${whoEn(was)} to ${whoEn(now)}: every unit without an owner of its own becomes ${whoEn(now)}'s responsibility.`,
  topOwnerLeavesReplaced: (was: Who, now: Who) =>
    `The owner of the top department, ${whoEn(was)}, leaves; ${whoEn(now)} becomes its owner first: every unit without an owner of its own becomes ${whoEn(now)}'s responsibility.`,
};

const UNIT_DA = { department: 'afdeling', team: 'team' } as const;

export const consequenceWords = phrasebook({
  en,
  da: {
    teamDeleted: (id, name, leader) =>
      `Team ${id}${name !== undefined ? ` "${name}"` : ''} slettes: teamets dialogdata bliver utilgængelige for lederen${leader ? `, ${whoDa(leader)}` : ''}. Behold eller flyt teamet i stedet, hvis der stadig er brug for de data.`,
    sickLeavesTeams: (who, since, fired) =>
      `${capitalise(whoDa(who))} er syg (åbent fravær siden ${since}) og ${fired ? 'fratræder, så vedkommende forlader' : 'forlader'} alle teams: tjenesten melder kun en medarbejder i et team syg, så den vil afvise vedkommendes næste sygemelding (f.eks. en raskmelding), indtil vedkommende er i et team igen.`,
    losesOwner: (unit, owner, heir, from, isTop) =>
      `${capitalise(UNIT_DA[unit.kind])} ${unit.id} "${unit.name}" mister sin leder, ${whoDa(owner)}: ${
        heir ? `${whoDa(heir)} bliver ansvarlig ved arv fra afdeling ${from}` : 'så er ingen ansvarlig for enheden'
      }${isTop ? ', og alle enheder, der arver den ansvarlige fra topafdelingen, har heller ingen' : ''}.`,
    newUnitsInherit: (units, more, page) =>
      `${formatNumber(units.length + more)} ${plural(units.length + more, 'ny enhed har', 'nye enheder har')} ingen leder selv og arver den ansvarlige ovenfra: ${units
        .map((u) => `${UNIT_DA[u.kind]} ${u.id} → ${whoDa(u.heir)}`)
        .join(
          '; ',
        )}${more > 0 ? `; og ${formatNumber(more)} til (${page ? 'plansiden viser hver enkelt' : 'planen er for stor til en side: --report FIL.json viser hver ny enhed'})` : ''}.`,
    teamEmptied: (id, name, had) => `Team ${id} "${name}" står uden medlemmer (det havde ${formatNumber(had)}).`,
    topOwnerFired: (owner) =>
      `Lederen af topafdelingen, ${whoDa(owner)}, fratræder: tjenesten afviser at fratræde lederen af topafdelingen. Giv først topafdelingen en anden leder.`,
    topOwnerChanges: (was, now) =>
      `Lederen af topafdelingen skifter fra ${whoDa(was)} til ${whoDa(now)}: ${whoDa(now)} bliver ansvarlig for alle enheder uden egen leder.`,
    topOwnerLeavesReplaced: (was, now) =>
      `Lederen af topafdelingen, ${whoDa(was)}, fratræder; først bliver ${whoDa(now)} leder af den: ${whoDa(now)} bliver ansvarlig for alle enheder uden egen leder.`,
  },
});
