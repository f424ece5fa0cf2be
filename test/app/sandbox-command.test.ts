import { PassThrough } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { startSandboxCommand } from '../../src/app/run-sandbox.js';
import { legacyHeaders, send } from '../sandbox/helpers.js';

function capture() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
}

describe('orgsync-import sandbox (cli.md sandbox command)', () => {
  test('prints the base URL, company id, access token, state file and an import example', async () => {
    const out = capture();
    const sandbox = await startSandboxCommand({
      stdout: out.stream,
      companyId: 7,
      accessToken: 'printed-sandbox-token',
      faults: { latencyMs: 5 },
    });
    try {
      expect(sandbox.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const banner = out.text();
      expect(banner).toContain(sandbox.baseUrl);
      expect(banner).toMatch(/company id:\s+7/);
      expect(banner).toMatch(/access token:\s+printed-sandbox-token/);
      expect(banner).toContain('state file:    none');
      expect(banner).toContain('+5 ms latency');
      expect(banner).toContain(`orgsync-import WORKBOOK.xlsx --base-url ${sandbox.baseUrl} --company-id 7`);
    } finally {
      await sandbox.close();
    }
  });

  test('logs one line per request in the foreground, never with a credential', async () => {
    const out = capture();
    const sandbox = await startSandboxCommand({ stdout: out.stream, accessToken: 'secret-never-logged' });
    try {
      const before = out.text().length;
      const reply = await send(sandbox.baseUrl, 'GET', '/v3/core/users?page=1', undefined, legacyHeaders(sandbox));
      expect(reply.status).toBe(200);
      // The line is written once the response has finished, which may be just after the client has it.
      for (let i = 0; i < 50 && !out.text().slice(before).includes('\n'); i++) await new Promise((r) => setTimeout(r, 10));
      const log = out.text().slice(before);
      expect(log).toMatch(/^GET \/v3\/core\/users\?page=1 200 \d+ms$/m);
      expect(log).not.toContain('secret-never-logged');
    } finally {
      await sandbox.close();
    }
  });
});
