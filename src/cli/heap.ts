/**
 * How far V8 lets the heap grow past what is alive before it collects. Left to itself on a machine with
 * plenty of memory it lets the old generation grow to about four times the live data: the 100,000-
 * employee import holds about 260 MB alive at its peak (--trace-gc: mark-compacts end at 257–290 MB)
 * but reached 558 MB of heap and 722 MB resident before its first full collection after planning. With
 * growth bounded to half the live size the heap is collected earlier and stays near the live data.
 *
 * A V8 flag set while running (not a command-line option): V8 reads it at every full collection. Anyone
 * who sets it (or any heap size) through NODE_OPTIONS or node's own options keeps their choice.
 */
import { setFlagsFromString } from 'node:v8';

export const HEAP_GROWING_PERCENT = 50;

export function boundHeapGrowth(): void {
  const chosen = `${process.env.NODE_OPTIONS ?? ''} ${process.execArgv.join(' ')}`;
  if (/--(heap[-_]growing[-_]percent|max[-_]old[-_]space[-_]size)\b/.test(chosen)) return;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
