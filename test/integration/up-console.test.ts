// `npm run up`'s console under a pseudo-terminal (`script`): readable lines, one per
// request that is not a health check or a poll, and the banner as the last block
// once everything is up. The stack's Temporal and MongoDB are the test run's, so up
// starts only the worker and the API here.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getStackEnv } from './helpers/stack-env';

const hasScript = spawnSync('script', ['--version']).status === 0;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

let up: ChildProcess | undefined;
let dataDir: string | undefined;
afterAll(async () => {
  await stopUp();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const ANSI = /\u001b\[[0-9;]*m/g;

describe("npm run up's console", () => {
  it.skipIf(!hasScript)(
    'under a pseudo-terminal it prints one readable line per non-poll request after the banner, which is the last block once up',
    async () => {
      const { port, env } = await upEnv();
      // `exec`, so up is script's own child (with SHELL unset script runs the command
      // under dash, which forks for it) and script exits only when up has stopped.
      up = spawn('script', ['-qfec', 'exec node --import tsx scripts/up.ts', '/dev/null'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
      const read = collect(up);
      await untilUp(up, read);
      const output = () => read.text;
      const clean = () => output().replace(ANSI, '').replace(/\r/g, '');
      const atBanner = clean();
      // The banner is the last block: nothing follows it.
      expect(atBanner.trimEnd().endsWith('Ctrl-C stops everything.')).toBe(true);
      expect(atBanner).toContain(`API          http://127.0.0.1:${port}`);
      // Nothing before it is raw JSON.
      expect(atBanner.split('\n').filter((line) => line.includes('{"level"'))).toEqual([]);

      const base = `http://127.0.0.1:${port}`;
      await fetch(`${base}/healthz`);
      await fetch(`${base}/readyz`);
      expect((await fetch(`${base}/v1/signals`)).status).toBe(200);
      expect((await fetch(`${base}/v1/nothing-here`)).status).toBe(404);
      await fetch(`${base}/healthz`);
      // The last request's line marks the end of what these requests printed.
      expect((await fetch(`${base}/library`)).status).toBe(200);
      await until(() => clean().includes('GET /library 200'));
      const after = clean()
        .slice(atBanner.length)
        .split('\n')
        .filter((line) => line.trim() !== '');
      expect(after.map((line) => line.replace(/^\d\d:\d\d:\d\d /, '').replace(/ [\d.]+ ms$/, ''))).toEqual([
        'api    GET /v1/signals 200',
        'api    GET /v1/nothing-here 404',
        'api    GET /library 200',
      ]);
      expect(after.every((line) => /^\d\d:\d\d:\d\d api {4}GET \S+ \d{3} [\d.]+ ms$/.test(line))).toBe(true);
      // Ctrl-C stops everything before up exits.
      await stopUp();
      expect(clean()).toContain('up: stopped');
    },
  );

  it('without a terminal the API logs stay JSON lines, one per request', async () => {
    const { port, env } = await upEnv();
    up = spawn('node', ['--import', 'tsx', 'scripts/up.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const read = collect(up);
    await untilUp(up, read);
    const base = `http://127.0.0.1:${port}`;
    await fetch(`${base}/healthz`);
    expect((await fetch(`${base}/v1/signals`)).status).toBe(200);
    await until(() => read.text.includes('"msg":"GET /v1/signals 200"'));
    const apiLines = read.text.split('\n').filter((line) => line.startsWith('[api] {'));
    const requests = apiLines
      .map((line) => JSON.parse(line.slice('[api] '.length)) as { level: number; msg: string; req?: { url: string } })
      .filter((entry) => entry.req);
    expect(requests.map((entry) => [entry.level, entry.msg])).toEqual([[30, 'GET /v1/signals 200']]);
    await stopUp();
  });
});

// Under script, Ctrl-C is typed into the pseudo-terminal, as a user stops up: a
// signal sent to script itself reaches up as SIGTERM or SIGHUP and script exits 2 s
// later whether up has stopped or not (util-linux 2.38), so the next test found this
// up still holding the data directory ("another stack … is using"; the CI run of stop 47).
async function stopUp() {
  if (up?.pid && up.exitCode === null) {
    const exited = new Promise((resolve) => up!.once('exit', resolve));
    if (up.stdin) up.stdin.write('\x03');
    else process.kill(up.pid, 'SIGINT');
    await exited;
  }
  up = undefined;
}

function collect(child: ChildProcess) {
  const read = { text: '' };
  child.stdout!.on('data', (chunk: Buffer) => {
    read.text += chunk.toString('utf8');
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    read.text += chunk.toString('utf8');
  });
  return read;
}

function until(condition: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = setInterval(() => {
      if (condition()) {
        clearInterval(check);
        resolve();
      }
    }, 100);
  });
}

async function untilUp(child: ChildProcess, read: { text: string }) {
  await until(() => read.text.includes('Ctrl-C stops everything.') || child.exitCode !== null);
  if (child.exitCode !== null) throw new Error(`up exited: ${read.text}`);
}

async function upEnv() {
  const { temporalAddress, mongodbUri } = getStackEnv();
  const port = await freePort();
  dataDir ??= await mkdtemp(join(tmpdir(), 'holdline-up-console-'));
  const database = `up_console_${Date.now()}`;
  const env = {
    ...process.env,
    PORT: String(port),
    TEMPORAL_ADDRESS: temporalAddress,
    MONGODB_URI: mongodbUri.replace(/\/[^/?]*(\?|$)/, `/${database}$1`),
    HOLDLINE_TASK_QUEUE_PREFIX: database,
    HOLDLINE_DATA_DIR: dataDir,
    HOLDLINE_SEED_DEMO: '0',
    HOLDLINE_TRANSCRIBER: 'pocketsphinx',
    HOLDLINE_EMBEDDED_MODEL: 'off',
    HOLDLINE_WORKER_LOG_LEVEL: 'WARN',
    NO_COLOR: '1',
  };
  return { port, env };
}
