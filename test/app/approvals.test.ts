/** The approvals file the plan page saves: checked before anything is read from the service. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readApprovals } from '../../src/app/approvals.js';
import { tempDir } from '../helpers/cli.js';

const HELD = ['fireEmployee:121', 'fireEmployee:122', 'deleteTeam:T9'];

function approvals(content: unknown): string {
  const path = join(tempDir('approvals-'), 'approvals.json');
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('readApprovals', () => {
  it('gives the approved keys once each', () => {
    const path = approvals({ version: 1, approved: ['deleteTeam:T9', 'fireEmployee:121', 'deleteTeam:T9'] });
    expect(readApprovals(path, HELD, 'book.plan.json')).toEqual(['deleteTeam:T9', 'fireEmployee:121']);
  });

  it('names a key that is not a removal held by the plan (exit 3)', () => {
    const path = approvals({ version: 1, approved: ['fireEmployee:121', 'createUser:130'] });
    expect(() => readApprovals(path, HELD, 'book.plan.json')).toThrow(
      expect.objectContaining({
        code: 'approvals_invalid',
        exitCode: 3,
        message: expect.stringContaining('"createUser:130" is not a removal held by book.plan.json'),
      }),
    );
  });

  it('refuses another shape, another version, and a file that is no JSON', () => {
    for (const content of [
      { version: 2, approved: [] },
      { version: 1, approved: 'fireEmployee:121' },
      { version: 1, approved: [], extra: true },
      '{not json',
    ]) {
      expect(() => readApprovals(approvals(content), HELD, 'p.json')).toThrow(
        expect.objectContaining({ code: 'approvals_invalid', exitCode: 3 }),
      );
    }
  });
});
