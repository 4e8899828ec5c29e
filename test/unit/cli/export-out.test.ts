// `holdline export ID --out DIR` against a loopback server that names the file itself
// (issue 33 item 7): a plain name is kept; a name with a path in it or a leading dot is
// replaced by `<id>.<format>`, and nothing is written outside DIR.
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHoldline } from './run-holdline';

let server: Server;
let baseUrl: string;
let served = '';
let asked = '';
let scratch: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    asked = request.url ?? '';
    response.writeHead(200, { 'content-type': 'text/vtt', 'content-disposition': `attachment; filename="${served}"` }).end('WEBVTT\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  scratch = await mkdtemp(join(tmpdir(), 'holdline-export-out-'));
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(scratch, { recursive: true, force: true });
});

describe('holdline export --out DIR', () => {
  it.each([
    ['scn_1-talk.vtt', 'scn_1-talk.vtt'],
    ['../escape.vtt', 'scn_1.vtt'],
    ['..\\escape.vtt', 'scn_1.vtt'],
    ['.profile', 'scn_1.vtt'],
    ['sub/escape.vtt', 'scn_1.vtt'],
  ])('the server names the file %j: it is written as %j inside DIR, nothing outside', async (name, written) => {
    served = name;
    const parent = await mkdtemp(join(scratch, 'case-'));
    const out = join(parent, 'out');
    await mkdir(out);
    const run = await runHoldline(['export', 'scn_1', '--format', 'vtt', '--out', out, '--base-url', baseUrl], {
      HOLDLINE_API_KEY: `sk_sig_${'a'.repeat(40)}`,
    });
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    expect(await readdir(out)).toEqual([written]);
    expect(await readFile(join(out, written), 'utf8')).toBe('WEBVTT\n');
    expect(await readdir(parent)).toEqual(['out']);
  });
});

describe('holdline recut-export', () => {
  it('asks GET /v1/recuts/{id}/export for the format and record start, and writes the served file into DIR', async () => {
    served = 'rct_1.vtt';
    const out = await mkdtemp(join(scratch, 'recut-'));
    const run = await runHoldline(['recut-export', 'rct_1', '--format', 'edl', '--record-start', '10:00:00:00', '--out', out, '--base-url', baseUrl], {
      HOLDLINE_API_KEY: `sk_sig_${'a'.repeat(40)}`,
    });
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    expect(asked).toBe('/v1/recuts/rct_1/export?format=edl&record_start=10%3A00%3A00%3A00');
    expect(await readdir(out)).toEqual(['rct_1.vtt']);
    expect(run.stdout).toContain(`edl of rct_1 written to ${join(out, 'rct_1.vtt')}`);
  });
});
