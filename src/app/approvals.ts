/**
 * The approvals file of `apply plan.json --approve approvals.json`, as the plan page saves it:
 * `{"version":1,"approved":["<plan entry key>", …]}`. Every key must be a removal the plan holds.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { OrgsyncError } from '../errors.js';
import { appSavedPlanWords } from '../words/app-saved-plan.js';
import { schemaProblems } from '../words/app-schema.js';

const approvalsSchema = z.strictObject({
  version: z.literal(1),
  approved: z.array(z.string()),
});

function invalid(path: string, why: string): OrgsyncError {
  return new OrgsyncError('approvals_invalid', appSavedPlanWords().approvalsInvalid(path, why));
}

/** The approved keys, each once, in the file's order. */
export function readApprovals(path: string, held: readonly string[], planPath: string): string[] {
  const words = appSavedPlanWords();
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw invalid(path, (error as NodeJS.ErrnoException).code === 'ENOENT' ? words.approvalsMissing : words.approvalsNotJson);
  }
  const result = approvalsSchema.safeParse(parsed, { error: schemaProblems });
  if (!result.success) {
    const first = result.error.issues[0]!;
    throw invalid(path, words.approvalsShape(first.path.join('.') || words.theFile, first.message));
  }
  const holds = new Set(held);
  const unknown = result.data.approved.filter((key) => !holds.has(key));
  if (unknown.length > 0) {
    throw invalid(path, words.notHeld(unknown, planPath, holds.size));
  }
  return [...new Set(result.data.approved)];
}
