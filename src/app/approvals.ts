/**
 * The approvals file of `apply plan.json --approve approvals.json`, as the plan page saves it:
 * `{"version":1,"approved":["<plan entry key>", …]}`. Every key must be a removal the plan holds.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { OrgsyncError } from '../errors.js';

const approvalsSchema = z.strictObject({
  version: z.literal(1),
  approved: z.array(z.string()),
});

function invalid(path: string, why: string): OrgsyncError {
  return new OrgsyncError('approvals_invalid', `${path}: ${why} Nothing was sent.`);
}

/** The approved keys, each once, in the file's order. */
export function readApprovals(path: string, held: readonly string[], planPath: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw invalid(path, (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'the file does not exist.' : 'it is not valid JSON.');
  }
  const result = approvalsSchema.safeParse(parsed);
  if (!result.success) {
    const first = result.error.issues[0]!;
    throw invalid(path, `expected {"version":1,"approved":["<plan entry key>", …]} (${first.path.join('.') || 'the file'}: ${first.message}).`);
  }
  const holds = new Set(held);
  const unknown = result.data.approved.filter((key) => !holds.has(key));
  if (unknown.length > 0) {
    throw invalid(
      path,
      `${unknown.map((k) => `"${k}"`).join(', ')} ${unknown.length === 1 ? 'is not a removal' : 'are not removals'} held by ${planPath} (${holds.size} held).`,
    );
  }
  return [...new Set(result.data.approved)];
}
