import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedUpstream, type ScriptedUpstream } from '../../scripted-upstream/server';
import { fixture } from '../helpers/fixtures';
import { ONE_SCAN_TEST_MS } from '../helpers/scan-client';
import { startService, type Service } from '../helpers/service';
import { runHoldline } from '../../unit/cli/run-holdline';

// Each long command (scan, wait, recut) under a pseudo-terminal, as a user's
// shell runs it (`script` from util-linux gives it one): the progress bars are
// drawn, and the command exits when its work ends. A command that never exits
// (a MultiBar left running) fails the test by its time limit.

let upstream: ScriptedUpstream;
let service: Service;
let apiKey: string;
const children = new Set<ChildProcess>();

interface PtyRun {
  code: number | null;
  output: string;
}

function underPty(args: string[]): Promise<PtyRun> {
  const command = ['node', 'cli/holdline.mjs', ...args].map((arg) => `'${arg}'`).join(' ');
  const child = spawn('script', ['-qfec', command, '/dev/null'], {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH, TERM: 'xterm', HOLDLINE_CONFIG: '/nonexistent/holdline.json', HOLDLINE_BASE_URL: service.apiUrl, HOLDLINE_API_KEY: apiKey },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) =>
    child.on('close', (code) => {
      children.delete(child);
      resolve({ code, output });
    }),
  );
}

beforeAll(async () => {
  upstream = await startScriptedUpstream({ modelId: 'base-model' });
  service = await startService({ env: { MODEL_BASE_URL: upstream.baseUrl, MODEL_API_KEY: 'upstream-key', MODEL_BASE_NAME: 'base-model' } });
  ({ apiKey } = await service.createAccount('agents'));
}, 180_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await service?.stop();
  await upstream?.close();
});

describe('long commands exit under a terminal', () => {
  let parent: string;

  it(
    'scan draws its bar, prints the read and exits 0',
    async () => {
      const run = await underPty(['scan', (await fixture('recut-weak-open')).path]);
      expect(run.code).toBe(0);
      expect(run.output).toMatch(/█{20} 100% scn_[0-9a-f]{24} compl/);
      expect(run.output).toMatch(/\d+\/100/);
      parent = /scn_[0-9a-f]{24}/.exec(run.output)![0];
    },
    ONE_SCAN_TEST_MS,
  );

  it(
    'wait follows a scan submitted elsewhere to its end and exits 0',
    async () => {
      const submitted = await runHoldline(['--json', 'scan', '--no-wait', (await fixture('sample')).path], {
        HOLDLINE_CONFIG: '/nonexistent/holdline.json',
        HOLDLINE_BASE_URL: service.apiUrl,
        HOLDLINE_API_KEY: apiKey,
      });
      const scanId = JSON.parse(submitted.stdout).scan_id as string;
      const run = await underPty(['wait', scanId]);
      expect(run.code).toBe(0);
      expect(run.output).toContain(`${scanId} `);
      expect(run.output).toMatch(/\d+\/100/);
    },
    ONE_SCAN_TEST_MS,
  );

  it(
    'recut draws its bar, prints before/after and exits 0',
    async () => {
      upstream.script([
        {
          content: JSON.stringify({
            segments: [
              { start: 4, end: 10 },
              { start: 15, end: 21 },
            ],
            rationale: 'drop the stills',
          }),
        },
      ]);
      const run = await underPty(['recut', parent, '--goal', 'tighter']);
      expect(run.code).toBe(0);
      expect(run.output).toMatch(/rct_[0-9a-f]{24} complete: kept 4–10 s, 15–21 s/);
      expect(run.output).toContain('drop the stills');
    },
    ONE_SCAN_TEST_MS * 2,
  );
});
