/**
 * Reading every page of a list. Page 1 asks for a large page; the `Total` and `Per-Page` headers then say
 * how many pages remain (followed even when the service ignored the page size asked for), and those are
 * fetched concurrently. Without the headers, pages are read one by one until a short or empty one.
 */
import { mapBounded } from '../bounded.js';
import { ServiceError } from '../errors.js';
import { isRecord } from './answer.js';
import type { HttpClient } from './client.js';
import { serviceWords } from '../../words/service.js';

export interface PageOptions {
  /** Query parameter selecting the page. Default `page`. */
  pageParam?: string;
  /** Query parameter raising the page size. Default `per_page`. */
  perPageParam?: string;
  /** Page size asked for; the service may give less. Default 1000 (the real service's maximum). */
  perPage?: number;
  /** Pages read at once after the first. Default: the client's concurrency. */
  concurrency?: number;
  /** Reads each page's bytes first (see RequestOptions.readJsonBytes). */
  readJsonBytes?: (bytes: Buffer) => { value: unknown } | undefined;
  /** Called after each page: items read so far, and the total when the service said it. */
  onPage?: (read: number, total: number | null) => void;
}

export const DEFAULT_PER_PAGE = 1000;
/** A service that ignores the page parameter would otherwise be read forever. */
const MAX_PAGES_WITHOUT_HEADERS = 10_000;
/**
 * The most a list may say it holds: twice Excel's row limit, far beyond any company the workbook can
 * describe. A bogus `Total` (a billion) is refused before a single further page is asked for.
 */
export const MAX_LIST_ITEMS = 2_000_000;
/** The most pages read for one list (2,000,000 items at the documented default of 25 a page is 80,000). */
export const MAX_LIST_PAGES = 100_000;

export async function listAll(client: HttpClient, path: string, options: PageOptions = {}): Promise<unknown[]> {
  return listAllAs(client, path, options, (items) => items);
}

/**
 * Every page of a list, each page's items turned into what the caller keeps as soon as the page is read.
 * The answers of a 100,000-employee company are some 70 MB of JSON (a team's answer repeats all its
 * members): kept whole until the last page arrived, they outlived many collections and were copied by
 * each, while a page converted at once is garbage before the next collection.
 */
export async function listAllAs<T>(
  client: HttpClient,
  path: string,
  options: PageOptions,
  convert: (items: unknown[]) => T[],
): Promise<T[]> {
  const pageParam = options.pageParam ?? 'page';
  const perPageParam = options.perPageParam ?? 'per_page';
  const perPage = options.perPage ?? DEFAULT_PER_PAGE;
  const pagePath = (page: number): string =>
    `${path}${path.includes('?') ? '&' : '?'}${encodeURIComponent(pageParam)}=${page}&${encodeURIComponent(perPageParam)}=${perPage}`;
  const read = async (page: number) => {
    const response = await client.get(pagePath(page), options.readJsonBytes ? { readJsonBytes: options.readJsonBytes } : {});
    return { items: itemsOf(response.body, pagePath(page)), headers: response.headers };
  };

  const first = await read(1);
  const total = headerNumber(first.headers.total);
  const pageSize = headerNumber(first.headers['per-page']) ?? (total !== null && first.items.length > 0 ? first.items.length : null);
  options.onPage?.(first.items.length, total);

  if (total !== null && pageSize !== null && pageSize > 0) {
    const pages = Math.ceil(total / pageSize);
    if (total > MAX_LIST_ITEMS || pages > MAX_LIST_PAGES) {
      throw new ServiceError({
        kind: 'unavailable',
        message: serviceWords().listTooLong(`GET ${pagePath(1)}`, total, pages, MAX_LIST_ITEMS, MAX_LIST_PAGES),
        request: { method: 'GET', path: pagePath(1) },
      });
    }
    const kept = convert(first.items);
    const rest = Array.from({ length: Math.max(0, pages - 1) }, (_, i) => i + 2);
    let readSoFar = first.items.length;
    const pagesRead = await mapBounded(rest, options.concurrency ?? client.concurrency, async (page) => {
      const { items: pageItems } = await read(page);
      readSoFar += pageItems.length;
      options.onPage?.(readSoFar, total);
      return convert(pageItems);
    });
    return kept.concat(...pagesRead);
  }

  // No usable headers: read on until the service runs out. A page is compared with the one before as sent.
  let previous = first.items;
  const observedSize = first.items.length;
  const items: T[] = [];
  for (const item of convert(first.items)) items.push(item);
  if (observedSize === 0) return items;
  let readSoFar = observedSize;
  for (let page = 2; page <= MAX_PAGES_WITHOUT_HEADERS; page++) {
    const { items: pageItems } = await read(page);
    if (pageItems.length === 0 || sameItems(pageItems, previous)) break;
    for (const item of convert(pageItems)) items.push(item);
    readSoFar += pageItems.length;
    options.onPage?.(readSoFar, null);
    if (pageItems.length < observedSize) break;
    previous = pageItems;
  }
  return items;
}

/** A list answer is an array; tolerate one wrapped in an object holding a single array. */
function itemsOf(body: unknown, path: string): unknown[] {
  if (Array.isArray(body)) return body;
  if (isRecord(body)) {
    const arrays = Object.values(body).filter(Array.isArray);
    if (arrays.length === 1) return arrays[0] as unknown[];
  }
  if (body === null) return [];
  throw new ServiceError({ kind: 'unavailable', message: serviceWords().notAList(`GET ${path}`), request: { method: 'GET', path } });
}

function headerNumber(value: string | undefined): number | null {
  if (value === undefined) return null;
  const number = Number(value.trim());
  return Number.isInteger(number) && number >= 0 ? number : null;
}

function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && JSON.stringify(a) === JSON.stringify(b);
}
