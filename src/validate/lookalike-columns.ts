/**
 * A column that only looks like one of ours (exports.md "A column that only looks like one of ours"): a
 * header taken by an alias whose values are nearly all ones the column does not take (a US `State`
 * column of `MA`, `CT` read as `status`) is probably another column. It is reported once, with the fix,
 * instead of once per row.
 */
import { valueRules } from './value-maps.js';
import type { RawRow } from '../sheets/types.js';
import type { IssueCollector, SheetMeta } from './collector.js';
import { validateSheetWords } from '../words/validate-sheets.js';

/** Share of a column's values the column does not take, from which it is called another column. */
const LOOKALIKE_SHARE = 0.9;
/** Fewer unreadable values than this are ordinary mistakes, each reported at its row. */
const LOOKALIKE_MINIMUM = 3;

interface Tally {
  column: string;
  takes: (value: string) => boolean;
  values: number;
  refused: number;
  examples: Set<string>;
}

export class LookalikeColumns {
  private readonly tallies: Tally[] = [];

  constructor(private readonly meta: SheetMeta) {
    for (const column of meta.headers.keys()) {
      const takes = valueRules(meta.kind, column);
      if (takes) this.tallies.push({ column, takes, values: 0, refused: 0, examples: new Set() });
    }
  }

  note(row: RawRow): void {
    for (const tally of this.tallies) {
      const text = row.cells.get(tally.column)?.text;
      if (text === undefined || text === '') continue;
      tally.values++;
      if (tally.takes(text)) continue;
      tally.refused++;
      if (tally.examples.size < 3) tally.examples.add(text);
    }
  }

  report(issues: IssueCollector): void {
    for (const { column, takes, values, refused, examples } of this.tallies) {
      if (refused < LOOKALIKE_MINIMUM || refused < values * LOOKALIKE_SHARE) continue;
      issues.withdraw(this.meta, column, 'invalid_value', (issue) => issue.value !== null && !takes(issue.value));
      const header = this.meta.headers.get(column) ?? column;
      issues.error(
        this.meta,
        null,
        column,
        'invalid_value',
        validateSheetWords().lookalikeColumn(header, column, [...examples], refused, values, this.meta.kind),
        null,
      );
    }
  }
}
