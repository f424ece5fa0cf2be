/** --json writes events a program can read line by line; --quiet keeps a successful run silent. */
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { JsonEvents, jsonProgress } from '../../src/app/events.js';
import { outputModeOf, RunOutput } from '../../src/app/output-mode.js';
import { println } from '../../src/app/io.js';
import { issue } from '../../src/model/issue.js';

function collector(): Writable & { text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      text += chunk.toString();
      callback();
    },
  });
  return Object.assign(stream, { text: () => text });
}

function lines(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('progress as JSON events', () => {
  it('says when a phase starts and ends, and its counts at most once a second and at the last', () => {
    const events: Record<string, unknown>[] = [];
    let now = 0;
    const progress = jsonProgress(
      (event) => events.push(event),
      () => now,
    );
    progress.phase('Applying', 1000);
    for (let done = 1; done <= 1000; done++) {
      now += 5; // 200 a second: five seconds in all
      progress.update(done);
    }
    progress.end();
    const counts = events.filter((e) => e.event === 'progress');
    expect(counts.length).toBeGreaterThanOrEqual(5);
    expect(counts.length).toBeLessThanOrEqual(6);
    expect(counts.at(-1)).toEqual({ event: 'progress', phase: 'applying', done: 1000, total: 1000 });
    expect(events[0]).toEqual({ event: 'phase', phase: 'applying', status: 'started', total: 1000 });
    expect(events.at(-1)).toMatchObject({ event: 'phase', phase: 'applying', status: 'finished', seconds: 5 });
  });
});

describe('the JSON events', () => {
  it('carry no secret the run knows, whatever value it is in', () => {
    const out = collector();
    const events = new JsonEvents(
      (line) => out.write(line),
      (text) => text.split('s3cr3t-"token').join('[secret]'),
    );
    events.issue(issue('error', 'invalid_value', 'The value s3cr3t-"token is wrong', { value: 's3cr3t-"token' }));
    events.close(3, { code: 'service_failure', cause: 'service_auth', message: 'refused s3cr3t-"token' });
    expect(out.text()).not.toContain('s3cr3t');
    const [found, summary] = lines(out.text());
    expect(found).toMatchObject({ event: 'issue', severity: 'error', code: 'invalid_value', value: '[secret]' });
    expect(summary).toEqual({
      event: 'summary',
      version: '1',
      exit_code: 3,
      error: { code: 'service_failure', cause: 'service_auth', message: 'refused [secret]' },
    });
  });

  it('end with the counts of the run when it got that far', () => {
    const out = collector();
    const events = new JsonEvents((line) => out.write(line));
    events.finished({ exitCode: 1, issues: [issue('error', 'required', 'empty'), issue('warning', 'trimmed_value', 'spaces')] });
    events.close(1);
    const parsed = lines(out.text());
    expect(parsed.map((e) => e.event)).toEqual(['issue', 'issue', 'summary']);
    expect(parsed[2]).toMatchObject({ exit_code: 1, summary: { errors: 1, warnings: 1 } });
  });
});

describe('--json and --quiet', () => {
  it('are read from the arguments before --', () => {
    expect(outputModeOf(['book.xlsx', '--json', '--yes'])).toEqual({ json: true, quiet: false });
    expect(outputModeOf(['--quiet', '--', '--json'])).toEqual({ json: false, quiet: true });
  });

  it('--json: stdout has only the events; the words go to stderr and nobody is asked anything', () => {
    const stdout = collector();
    const stderr = collector();
    const output = new RunOutput(
      { json: true, quiet: false },
      { stdout, stderr, stdin: Object.assign(new PassThrough(), { isTTY: true }) },
      new JsonEvents((line) => stdout.write(line)),
    );
    const io = output.io();
    expect(io.interactive).toBe(false);
    println(io.stdout, 'Changes by kind:');
    output.view().progress.phase('Applying', 2);
    output.finish(0);
    expect(stderr.text()).toContain('Changes by kind:');
    expect(lines(stdout.text()).map((e) => e.event)).toEqual(['phase', 'summary']);
  });

  it('--quiet: a successful run prints nothing at all', () => {
    const stdout = collector();
    const stderr = collector();
    const output = new RunOutput({ json: false, quiet: true }, { stdout, stderr, stdin: new PassThrough() }, undefined);
    const io = output.io();
    println(io.stdout, 'Nothing to do: the service already matches the workbook.');
    println(io.stderr, 'a notice');
    const { progress } = output.view();
    progress.phase('Applying', 1);
    progress.end();
    output.finish(0);
    expect(stdout.text() + stderr.text()).toBe('');
  });

  it('--quiet: a failed run says everything it held back, on stderr', () => {
    const stdout = collector();
    const stderr = collector();
    const output = new RunOutput({ json: false, quiet: true }, { stdout, stderr, stdin: new PassThrough() }, undefined);
    const io = output.io();
    println(io.stdout, '1 error.');
    println(io.stderr, 'Nothing was sent: fix the errors above and run again.');
    output.finish(1);
    expect(stdout.text()).toBe('');
    expect(stderr.text()).toBe('1 error.\nNothing was sent: fix the errors above and run again.\n');
  });
});
