/**
 * Which units' current delegations the plan needs (see DelegationScope). The diff compares delegations
 * unit by unit, so only the units the workbook gives delegations to matter, under their current id too
 * when the workbook renames them; --prune removes what the sheet leaves out, so it needs every unit.
 */
import type { Organisation, UnitKind } from '../model/organisation.js';
import { ALL_DELEGATIONS, NO_DELEGATIONS, type DelegationScope } from '../model/service-state.js';
import type { Managed } from '../validate/types.js';

export function delegationScope(desired: Organisation, managed: Managed, prune: boolean): DelegationScope {
  if (!managed.delegations) return NO_DELEGATIONS;
  if (prune) return ALL_DELEGATIONS;
  const units = new Set<string>();
  const add = (kind: UnitKind, id: string) => {
    units.add(`${kind}:${id}`);
    const unit = kind === 'department' ? desired.departments.get(id) : desired.teams.get(id);
    if (unit?.previousId !== undefined) units.add(`${kind}:${unit.previousId}`);
  };
  for (const d of desired.delegations) add(d.unitKind, d.unitId);
  return { all: false, units };
}
