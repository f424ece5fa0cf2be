/**
 * A sheet's rows placed by their numbers (`r`), as Excel, LibreOffice and openpyxl place them, not in the
 * order the file writes them (xlsx/sheet.ts says how long rows are held before they are handed out). A
 * row written after rows numbered above it were handed out, or written twice, is refused naming it: rows
 * handed out cannot be taken back.
 */
import type { PhysicalRow } from '../sheet-source.js';
import { rowOutOfOrder } from '../unreadable.js';

/**
 * The rows read and not yet handed out, taken in the order of their numbers. A row written in its place
 * (nearly every row of every file) is appended to a list already in order; one written late goes to a
 * heap, so that placing it costs the logarithm of the rows held, never a shift of all of them.
 */
export class PlacedRows {
  /** Rows in order of their numbers, from `head` on. */
  private ordered: PhysicalRow[] = [];
  private head = 0;
  /** Rows written late: a binary heap by row number, the lowest first. */
  private readonly late: PhysicalRow[] = [];
  private readonly lateNumbers = new Set<number>();
  /** The number of the last row handed out. */
  private handedOut = 0;

  constructor(
    private readonly file: string,
    private readonly sheetName: string,
  ) {}

  /** Whether any row has been handed out yet. */
  get handedOutAny(): boolean {
    return this.handedOut > 0;
  }

  get count(): number {
    return this.ordered.length - this.head + this.late.length;
  }

  add(row: PhysicalRow): void {
    const last = this.ordered.length > this.head ? this.ordered[this.ordered.length - 1]!.row : this.handedOut;
    if (last < row.row) {
      this.ordered.push(row);
      return;
    }
    if (row.row <= this.handedOut) throw rowOutOfOrder(this.file, this.sheetName, row.row, this.handedOut);
    if (this.lateNumbers.has(row.row) || this.isOrdered(row.row)) throw rowOutOfOrder(this.file, this.sheetName, row.row, null);
    this.lateNumbers.add(row.row);
    pushRow(this.late, row);
  }

  /** The first `count` rows by number, handed out. */
  take(count: number): PhysicalRow[] {
    const taken: PhysicalRow[] = [];
    const ordered = this.ordered;
    while (taken.length < count) {
      const fromOrdered = ordered[this.head];
      const fromLate = this.late[0];
      if (fromOrdered === undefined && fromLate === undefined) break;
      if (fromLate === undefined || (fromOrdered !== undefined && fromOrdered.row < fromLate.row)) {
        taken.push(fromOrdered!);
        this.head++;
      } else {
        taken.push(popRow(this.late));
        this.lateNumbers.delete(fromLate.row);
      }
    }
    // Rows handed out are let go at once: held here, they would outlive the young generation's collections.
    if (this.head > 0) {
      this.ordered = ordered.slice(this.head);
      this.head = 0;
    }
    this.handedOut = taken[taken.length - 1]?.row ?? this.handedOut;
    return taken;
  }

  /** Whether a row of this number is among the ordered ones held (binary search). */
  private isOrdered(row: number): boolean {
    let low = this.head;
    let high = this.ordered.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const at = this.ordered[middle]!.row;
      if (at === row) return true;
      if (at < row) low = middle + 1;
      else high = middle;
    }
    return false;
  }
}

function pushRow(heap: PhysicalRow[], row: PhysicalRow): void {
  let at = heap.push(row) - 1;
  while (at > 0) {
    const parent = (at - 1) >>> 1;
    if (heap[parent]!.row <= row.row) break;
    heap[at] = heap[parent]!;
    at = parent;
  }
  heap[at] = row;
}

function popRow(heap: PhysicalRow[]): PhysicalRow {
  const top = heap[0]!;
  const last = heap.pop()!;
  if (heap.length === 0) return top;
  let at = 0;
  for (;;) {
    const left = 2 * at + 1;
    if (left >= heap.length) break;
    const right = left + 1;
    const child = right < heap.length && heap[right]!.row < heap[left]!.row ? right : left;
    if (heap[child]!.row >= last.row) break;
    heap[at] = heap[child]!;
    at = child;
  }
  heap[at] = last;
  return top;
}
