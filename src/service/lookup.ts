/** Reading one resource back, shared by the adapters' verify: what exists, and whether a field equals. */
import type { HttpClient } from './http/client.js';

export type Wire = Record<string, unknown>;

/** The resource at `path`, or null when the service answers 404. */
export async function findResource(client: HttpClient, path: string, unwrap: (body: unknown) => Wire | null): Promise<Wire | null> {
  const response = await client.get(path, { expect: [404] });
  return response.status === 404 ? null : unwrap(response.body);
}

/** Equal as text, a blank value (absent, null, '') equal to any other blank. */
export function sameText(actual: unknown, expected: unknown): boolean {
  const normalise = (value: unknown) => (value === undefined || value === null || value === '' ? null : String(value));
  return normalise(actual) === normalise(expected);
}
