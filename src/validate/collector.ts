/**
 * Collects issues with their sheet, row, column and header, and keeps the promise that one cell gives at
 * most one error: the first error found for a cell wins, later ones for the same cell are dropped.
 */
import type { SheetKind } from '../model/sheet-kind.js';
import type { RawSheet } from '../sheets/types.js';
import type { Source } from '../model/organisation.js';
import { issue, type ErrorCode, type Issue, type WarningCode } from '../model/issue.js';

/** What the validator remembers of a sheet after its rows are gone. */
export interface SheetMeta {
  /** Position among the sheets read, in file order (used to sort issues). */
  index: number;
  kind: SheetKind;
  file: string;
  sheetName: string;
  /** Canonical column → header as written (first occurrence). */
  headers: Map<string, string>;
  /** Canonical column → 1-based position in the sheet. */
  positions: Map<string, number>;
  rows: number;
}

function sheetKey(file: string | null, sheetName: string | null): string {
  return `${file ?? ''}\u0000${sheetName ?? ''}`;
}

export class IssueCollector {
  readonly issues: Issue[] = [];
  readonly sheets: SheetMeta[] = [];
  private readonly byKey = new Map<string, SheetMeta>();
  private readonly erroredCells = new Set<string>();
  private lastSheet: SheetMeta | undefined;

  addSheet(sheet: RawSheet): SheetMeta {
    const headers = new Map<string, string>();
    const positions = new Map<string, number>();
    for (const column of sheet.columns) {
      if (column.canonical === null || headers.has(column.canonical)) continue;
      headers.set(column.canonical, column.header);
      positions.set(column.canonical, column.index);
    }
    const meta: SheetMeta = {
      index: this.sheets.length,
      kind: sheet.kind,
      file: sheet.file,
      sheetName: sheet.sheetName,
      headers,
      positions,
      rows: 0,
    };
    this.sheets.push(meta);
    this.byKey.set(sheetKey(sheet.file, sheet.sheetName), meta);
    return meta;
  }

  /** The sheet an entity came from. */
  sheetOf(source: Source): SheetMeta {
    // Entities come sheet by sheet: the last answer is nearly always the next one too.
    const last = this.lastSheet;
    if (last && last.file === source.file && last.sheetName === source.sheetName) return last;
    const meta = this.byKey.get(sheetKey(source.file, source.sheetName));
    if (!meta) throw new Error(`No sheet ${source.sheetName} in ${source.file} was read`);
    this.lastSheet = meta;
    return meta;
  }

  firstSheetOf(kind: SheetKind): SheetMeta | undefined {
    return this.sheets.find((s) => s.kind === kind);
  }

  /** True when the cell already carries an error. */
  hasError(meta: SheetMeta, row: number, column: string): boolean {
    return this.erroredCells.has(`${meta.index}:${row}:${column}`);
  }

  error(meta: SheetMeta, row: number | null, column: string | null, code: ErrorCode, message: string, value: string | null): void {
    if (row !== null && column !== null) {
      const cell = `${meta.index}:${row}:${column}`;
      if (this.erroredCells.has(cell)) return;
      this.erroredCells.add(cell);
    }
    this.push(meta, 'error', row, column, code, message, value);
  }

  warning(meta: SheetMeta, row: number | null, column: string | null, code: WarningCode, message: string, value: string | null): void {
    this.push(meta, 'warning', row, column, code, message, value);
  }

  /** Takes back the sheet's errors of this code on this column that `matches` picks (one error says it for all). */
  withdraw(meta: SheetMeta, column: string, code: ErrorCode, matches: (issue: Issue) => boolean): number {
    let kept = 0;
    let withdrawn = 0;
    for (const issue of this.issues) {
      const mine = issue.sheetName === meta.sheetName && issue.file === meta.file && issue.column === column && issue.code === code;
      if (mine && matches(issue)) withdrawn++;
      else this.issues[kept++] = issue;
    }
    this.issues.length = kept;
    return withdrawn;
  }

  /** A problem of the whole input rather than of one sheet (a missing sheet). */
  inputError(kind: SheetKind, code: ErrorCode, message: string, file: string | null): void {
    this.issues.push(issue('error', code, message, { sheet: kind, file }));
  }

  private push(
    meta: SheetMeta,
    severity: Issue['severity'],
    row: number | null,
    column: string | null,
    code: ErrorCode | WarningCode,
    message: string,
    value: string | null,
  ): void {
    this.issues.push(
      issue(severity, code, message, {
        sheet: meta.kind,
        sheetName: meta.sheetName,
        file: meta.file,
        row,
        column,
        header: column === null ? null : (meta.headers.get(column) ?? null),
        value,
      }),
    );
  }

  /**
   * Every issue in reading order: whole-input problems first, then sheet by sheet in file order, then by
   * row and column position. The readers' own warnings are merged in.
   */
  sorted(readerIssues: readonly Issue[]): Issue[] {
    const keyed = [...readerIssues, ...this.issues].map((issue, order) => {
      const meta = issue.sheetName === null ? undefined : this.byKey.get(sheetKey(issue.file, issue.sheetName));
      return {
        issue,
        order,
        sheet: meta ? meta.index : -1,
        row: issue.row ?? -1,
        column: (issue.column !== null && meta?.positions.get(issue.column)) || 0,
      };
    });
    keyed.sort((a, b) => a.sheet - b.sheet || a.row - b.row || a.column - b.column || a.order - b.order);
    return keyed.map((k) => k.issue);
  }
}
