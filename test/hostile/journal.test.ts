/**
 * The journal under hostile conditions: torn and garbled lines, a journal left by another workbook or
 * another service, two importers at once, a journal that is a device. In every case nothing the service
 * confirmed is lost or done twice, and a re-run finishes the job.
 */
import { appendFileSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Journal } from '../../src/load/journal.js';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, serviceArgs, startCli, tempDir, type CliResult } from '../helpers/cli.js';
import { startProxy, type FaultProxy } from './proxy.js';
import { companyCsv, defaultJournal, expectNoStackTrace, expectServiceEqualsWorkbook, journalLines } from './support.js';

const sandboxes: RunningSandbox[] = [];
const proxies: FaultProxy[] = [];
afterEach(async () => {
  await Promise.all(proxies.splice(0).map((p) => p.close()));
  await Promise.all(sandboxes.splice(0).map((s) => s.close()));
});

async function sandboxBehindProxy(companyId = 1): Promise<{ sandbox: RunningSandbox; proxy: FaultProxy; args: string[] }> {
  const sandbox = await startSandbox({ quiet: true, companyId });
  const proxy = await startProxy(sandbox.baseUrl);
  sandboxes.push(sandbox);
  proxies.push(proxy);
  const args = ['--base-url', proxy.url, '--company-id', String(companyId), '--access-token', sandbox.accessToken];
  return { sandbox, proxy, args };
}

/** A first run that stops part-way (the credentials stop working after `writes` writes): an unfinished journal. */
async function unfinishedRun(company: string, cwd: string, proxy: FaultProxy, args: string[], writes = 20): Promise<CliResult> {
  let sent = 0;
  proxy.behave((_, method) => (method !== 'GET' && ++sent > writes ? 'unauthorized' : 'pass'));
  const result = await runCli([company, '--yes', ...args], { cwd });
  expect(result.code, result.stderr).toBe(3);
  proxy.behave(() => 'pass');
  return result;
}

describe('a journal damaged by a crash or by hand', () => {
  it('a torn last line, in place of a confirmation, loses nothing: the re-run checks and finishes', async () => {
    const { sandbox, proxy, args } = await sandboxBehindProxy();
    const company = companyCsv(30);
    const cwd = tempDir('hostile-journal-');
    await unfinishedRun(company, cwd, proxy, args);
    const path = defaultJournal(cwd);
    const lines = journalLines(path);
    // The process died while writing the confirmation of the last operation it sent.
    const lastDone = lines.findLast((l) => l.t === 'done')!;
    const kept = lines.filter((l) => l !== lastDone && l.t !== 'end');
    writeFileSync(path, `${kept.map((l) => JSON.stringify(l)).join('\n')}\n${JSON.stringify(lastDone).slice(0, 17)}`);

    const again = await runCli([company, '--yes', ...args], { cwd });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/Resuming the run of/);
    await expectServiceEqualsWorkbook(sandbox, [company]);
    expect(journalLines(path)).toEqual([]); // finished: nothing left to resume, nothing kept
  });

  it('lines that are not journal entries (null, numbers, half objects, NUL padding after a power cut) are skipped', () => {
    const path = join(tempDir('hostile-journal-'), 'journal.jsonl');
    const identity = { serviceKey: 'v3-abc', workbookHash: 'w1' };
    const run = { t: 'run', format: 1, serviceKey: 'v3-abc', workbookHash: 'w1', at: '2026-01-01T00:00:00Z', operations: 3 };
    writeFileSync(
      path,
      [
        JSON.stringify(run),
        'null',
        '42',
        '"text"',
        '[]',
        '{"t":"run"}',
        '{"t":"done"}',
        '{"t":"sent","key":"fireEmployee:a"}',
        '{"t":"done","key":"fireEmployee:b","status":200}',
      ].join('\n') +
        '\n' +
        '\u0000'.repeat(4096),
    );
    const journal = Journal.open(path, identity);
    expect(journal.previous).toMatchObject({ unfinished: true, sameWorkbook: true, confirmed: 1, unconfirmed: ['fireEmployee:a'] });
    journal.beginRun(identity, 1);
    journal.close();
    expect(journalLines(path).map((l) => l.t)).toEqual(['run', 'sent', 'done', 'run']); // garbage dropped, the unfinished run kept
  });
});

describe('a journal left by another workbook or another service', () => {
  it('another workbook: said so, its unfinished run is not resumed, and this workbook lands whole', async () => {
    const { sandbox, proxy, args } = await sandboxBehindProxy();
    const cwd = tempDir('hostile-journal-');
    await unfinishedRun(companyCsv(30), cwd, proxy, args);
    const other = companyCsv(34, undefined, 'Person');
    const result = await runCli([other, '--yes', ...args], { cwd });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/The previous run \(.*another workbook\) did not finish; this run starts from what the service has now/);
    await expectServiceEqualsWorkbook(sandbox, [other]);
  });

  it('another company behind another base URL, sharing --journal: said so, and both companies finish', async () => {
    const first = await sandboxBehindProxy(1);
    const second = await sandboxBehindProxy(2);
    const company = companyCsv(30);
    const cwd = tempDir('hostile-journal-');
    const journal = ['--journal', 'shared.jsonl'];
    await unfinishedRun(company, cwd, first.proxy, [...first.args, ...journal]);

    const other = await runCli([company, '--yes', ...second.args, ...journal], { cwd });
    expect(other.code, other.stderr).toBe(0);
    expect(other.stdout).toMatch(/another service or company\) did not finish/);
    await expectServiceEqualsWorkbook(second.sandbox, [company]);

    const back = await runCli([company, '--yes', ...first.args, ...journal], { cwd });
    expect(back.code, back.stderr).toBe(0);
    await expectServiceEqualsWorkbook(first.sandbox, [company]);
  });
});

describe('two importers on the same journal at once', () => {
  it('the second refuses with a clear message and sends nothing; the first finishes', async () => {
    const sandbox = await startSandbox({ quiet: true, faults: { latencyMs: 40 } });
    sandboxes.push(sandbox);
    const company = companyCsv(100);
    const cwd = tempDir('hostile-journal-');
    const collect = (child: ReturnType<typeof startCli>) =>
      new Promise<CliResult>((resolve) => {
        let stdout = '';
        let stderr = '';
        child.stdout!.on('data', (d) => (stdout += d));
        child.stderr!.on('data', (d) => (stderr += d));
        child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
      });
    const runs = await Promise.all([0, 1].map(() => collect(startCli([company, '--yes', ...serviceArgs(sandbox)], { cwd }))));
    const codes = runs.map((r) => r.code).sort();
    expect(codes).toEqual([0, 3]);
    const refused = runs.find((r) => r.code === 3)!;
    expectNoStackTrace(refused.stderr);
    expect(refused.stderr).toMatch(
      /Another orgsync-import \(process \d+\) is already working on this company with the journal .*\.jsonl\. Wait for it to finish/,
    );
    await expectServiceEqualsWorkbook(sandbox, [company]);
    expect(readdirSync(join(cwd, '.orgsync', 'journal')).filter((f) => f.endsWith('.lock'))).toEqual([]);
  });
});

describe('a journal that cannot hold progress', () => {
  it('a device such as /dev/full, or a folder, is refused at once with nothing sent and nothing left behind', async () => {
    const sandbox = await startSandbox({ quiet: true });
    sandboxes.push(sandbox);
    const cwd = tempDir('hostile-journal-');
    const folder = join(cwd, 'a-folder');
    mkdirSync(folder);
    for (const journal of ['/dev/full', folder]) {
      const result = await runCli([companyCsv(3), '--yes', ...serviceArgs(sandbox), '--journal', journal], { cwd });
      expect(result.code, result.stderr).toBe(3);
      expectNoStackTrace(result.stderr);
      expect(result.stderr).toContain(`The journal ${journal} is not a plain file`);
      expect(result.stderr).toContain('Nothing was sent.');
    }
    expect(sandbox.stats().writes).toBe(0);
    expect(existsSync('/dev/full.lock')).toBe(false);
    expect(existsSync(`${folder}.lock`)).toBe(false);
  });

  it('a finished journal with a torn tail is emptied before the next run, so nothing old can be misread', () => {
    const path = join(tempDir('hostile-journal-'), 'journal.jsonl');
    const identity = { serviceKey: 'v3-abc', workbookHash: 'w1' };
    appendFileSync(
      path,
      '{"t":"run","format":1,"serviceKey":"v3-abc","workbookHash":"w0","at":"x","operations":1}\n{"t":"end","at":"x","complete":true}\n{"t":"se',
    );
    const journal = Journal.open(path, identity);
    expect(journal.previous).toMatchObject({ unfinished: false });
    journal.beginRun(identity, 2);
    journal.close(); // this run did not finish
    expect(journalLines(path).map((l) => l.t)).toEqual(['run']);
  });
});
