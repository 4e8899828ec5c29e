import { createReadStream } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LibraryStore } from '../../../store/library';
import { fixture, type Fixture } from '../helpers/fixtures';
import { startService, type Service } from '../helpers/service';

// The MCP server as a customer runs it: a child process over stdio, spoken to
// with the SDK's own client, in front of the real service and workers.

let service: Service;
let keyedApiKey: string;
let files: Server;
let filesUrl: string;
let portrait: Fixture;
let talking: Fixture;
const clients: Client[] = [];
let keyed: Client;
let keyless: Client;
/** Another account's client, for scans that must not show in `keyed`'s list. */
let other: Client;

/** A scan tool waits this long on the server (timeout_sec); the SDK client's request waits 30 s more. */
const SCAN_WAIT_SEC = 200;
const LONG = { timeout: (SCAN_WAIT_SEC + 30) * 1000 };
/** A test that waits for one scan call, and for two one after the other: each above what it waits. */
const ONE_SCAN = LONG.timeout + 60_000;
const TWO_SCANS = 2 * LONG.timeout + 60_000;

async function connect(env: Record<string, string>): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', 'mcp/server.ts'],
    cwd: process.cwd(),
    env: { ...getDefaultEnvironment(), ...env },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'holdline-mcp-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}, options = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args }, undefined, options)) as CallToolResult;
}

const textOf = (result: CallToolResult) => result.content.filter((block) => block.type === 'text').map((block) => block.text);

beforeAll(async () => {
  [portrait, talking] = await Promise.all([fixture('portrait'), fixture('talking')]);
  service = await startService({ env: { HOLDLINE_ALLOW_HOSTS: '127.0.0.1:*' } });
  files = createServer((request, response) => {
    const f = request.url === '/talking.mp4' ? talking : null;
    if (!f) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'video/mp4' });
    createReadStream(f.path).pipe(response);
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  const address = files.address();
  filesUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const { apiKey } = await service.createAccount();
  keyedApiKey = apiKey;
  const otherKey = (await service.createAccount()).apiKey;
  [keyed, keyless, other] = await Promise.all([
    connect({ HOLDLINE_BASE_URL: service.apiUrl, HOLDLINE_API_KEY: apiKey }),
    connect({ HOLDLINE_BASE_URL: service.apiUrl }),
    connect({ HOLDLINE_BASE_URL: service.apiUrl, HOLDLINE_API_KEY: otherKey }),
  ]);
});

afterAll(async () => {
  await Promise.allSettled(clients.map((client) => client.close()));
  await new Promise((resolve) => files?.close(resolve));
  await service?.stop();
});

function expectComplete(result: CallToolResult, f: Fixture) {
  expect(result.isError).toBeUndefined();
  const scan = result.structuredContent as any;
  expect(scan.status).toBe('complete');
  expect(scan.scan_id).toMatch(/^scn_[0-9a-f]{24}$/);
  expect(scan.duration_sec).toBeCloseTo(f.truth.duration!, 0);
  // Compact by default: the timeline and transcript are linked resources, the read comes once.
  expect(scan.timeline_uri).toBe(`holdline://scans/${scan.scan_id}/timeline`);
  expect(scan.transcript).toBeUndefined();
  const [summary, ...more] = textOf(result);
  expect(more).toEqual([]);
  expect(summary).toContain(`Scan ${scan.scan_id} complete: score ${scan.score}, grade ${scan.grade} (${scan.label})`);
  expect(summary).toContain(scan.summary);
  return scan;
}

describe('tool lists', () => {
  it('offers all thirteen tools with a key', async () => {
    const { tools } = await keyed.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      [
        'delete_scan',
        'demo_scan',
        'export_recut',
        'export_scan',
        'get_recut',
        'get_scan',
        'library',
        'list_scans',
        'media_retention',
        'recut_scan',
        'scan_file',
        'scan_url',
        'signals_reference',
      ].sort(),
    );
    const scanUrl = tools.find((tool) => tool.name === 'scan_url')!;
    expect(scanUrl.inputSchema.required).toEqual(['url']);
    expect(Object.keys(scanUrl.inputSchema.properties ?? {}).sort()).toEqual(['detail', 'timeout_sec', 'title', 'url', 'wait', 'webhook_url']);
    const scanFile = tools.find((tool) => tool.name === 'scan_file')!;
    expect(Object.keys(scanFile.inputSchema.properties ?? {})).toContain('webhook_url');
  });

  it('offers exactly demo_scan and library without a key', async () => {
    const { tools } = await keyless.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['demo_scan', 'library']);
  });
});

describe('keyless tools before anything is published', () => {
  it('demo_scan is an error result with the 503 detail while no demo exists', async () => {
    // Whatever ran before: no scan is featured.
    await service.mongo.db.collection('settings').deleteOne({ _id: 'demo' as never });
    const result = await call(keyless, 'demo_scan');
    expect(result.isError).toBe(true);
    expect(textOf(result)).toEqual(['Holdline API error 503: the demo scan is not ready yet; try again shortly']);
  });
});

describe('with a key', () => {
  // The two complete scans several tests read: made once, on first use, in this order
  // (file, then URL), so any test may run alone and still find them.
  let fileScanRun: Promise<{ result: CallToolResult; progress: number[] }> | undefined;
  let urlScanRun: Promise<CallToolResult> | undefined;
  const scanFile = () =>
    (fileScanRun ??= (async () => {
      const progress: number[] = [];
      const result = await call(
        keyed,
        'scan_file',
        { path: portrait.path, title: 'Portrait via MCP', timeout_sec: SCAN_WAIT_SEC },
        { ...LONG, onprogress: (p: { progress: number }) => progress.push(p.progress) },
      );
      return { result, progress };
    })());
  const scanUrl = () =>
    (urlScanRun ??= (async () => {
      await scanFile();
      return call(keyed, 'scan_url', { url: `${filesUrl}/talking.mp4`, title: 'Talking via MCP', timeout_sec: SCAN_WAIT_SEC }, LONG);
    })());
  const completeFileScan = async () => expectComplete((await scanFile()).result, portrait);
  const completeUrlScan = async () => expectComplete(await scanUrl(), talking);

  it('signals_reference returns the reference served at GET /v1/signals', async () => {
    const served = await (await fetch(`${service.apiUrl}/v1/signals`)).json();
    const result = await call(keyed, 'signals_reference');
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual(served);
    expect(textOf(result)[0]).toMatch(/^Holdline signals .*floor 30; 2\+ consecutive seconds under the floor are dead\.\n- hold: /);
  });

  it('scan_url and scan_file send webhook_url: the service refuses a private address, as an error result', async () => {
    for (const [tool, args] of [
      ['scan_url', { url: `${filesUrl}/talking.mp4` }],
      ['scan_file', { path: portrait.path }],
    ] as const) {
      const result = await call(keyed, tool, { ...args, webhook_url: 'http://10.0.0.1/hook', wait: false });
      expect(result.isError).toBe(true);
      expect(textOf(result)[0]).toMatch(/^Holdline API error 400: webhook_url refused: /);
    }
  });

  it(
    'scan_file uploads a local video, reports rising progress and returns the complete scan',
    async () => {
      await completeFileScan();
      const { progress } = await scanFile();
      expect(progress.length).toBeGreaterThan(0);
      progress.forEach((value, i) => {
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThan(100);
        if (i > 0) expect(value).toBeGreaterThan(progress[i - 1]!);
      });
    },
    ONE_SCAN,
  );

  it(
    'scan_url scans a video by URL and returns the complete scan',
    async () => {
      const urlScan = await completeUrlScan();
      expect(urlScan.transcript_segments).toBeGreaterThan(0);
    },
    TWO_SCANS,
  );

  it(
    'get_scan finds the scan exactly as scan_file returned it',
    async () => {
      const fileScan = await completeFileScan();
      const result = await call(keyed, 'get_scan', { scan_id: fileScan.scan_id });
      expect(result.isError).toBeUndefined();
      expect(result.structuredContent).toEqual(fileScan);
    },
    ONE_SCAN,
  );

  it(
    'list_scans lists both scans, most recent first, with title and score',
    async () => {
      const [fileScan, urlScan] = [await completeFileScan(), await completeUrlScan()];
      const result = await call(keyed, 'list_scans', { limit: 10 });
      expect(result.isError).toBeUndefined();
      const page = result.structuredContent as any;
      expect(page).toMatchObject({ limit: 10, offset: 0, total: 2, has_more: false });
      expect(page.data.map((entry: any) => [entry.scan_id, entry.title, entry.status, entry.score])).toEqual([
        [urlScan.scan_id, 'Talking via MCP', 'complete', urlScan.score],
        [fileScan.scan_id, 'Portrait via MCP', 'complete', fileScan.score],
      ]);
      expect(textOf(result)[0]).toBe(
        [
          'Scans 1–2 of 2:',
          `- ${urlScan.scan_id} "Talking via MCP": complete, score ${urlScan.score}, ${urlScan.grade} (${urlScan.label}), ${urlScan.duration_sec} s, created ${page.data[0].created_at}`,
          `- ${fileScan.scan_id} "Portrait via MCP": complete, score ${fileScan.score}, ${fileScan.grade} (${fileScan.label}), ${fileScan.duration_sec} s, created ${page.data[1].created_at}`,
        ].join('\n'),
      );
      const paged = (await call(keyed, 'list_scans', { limit: 1, offset: 1 })).structuredContent as any;
      expect(paged.data.map((entry: any) => entry.scan_id)).toEqual([fileScan.scan_id]);
    },
    TWO_SCANS,
  );

  it('scan_url with wait false returns the queued scan at once, naming get_scan', async () => {
    const result = await call(other, 'scan_url', { url: `${filesUrl}/talking.mp4`, wait: false });
    expect(result.isError).toBeUndefined();
    const queued = result.structuredContent as any;
    expect(queued).toEqual({ scan_id: expect.stringMatching(/^scn_[0-9a-f]{24}$/), status: 'queued', pct: 0 });
    expect(textOf(result)[0]).toBe(`Scan ${queued.scan_id} is queued (0%). Read it with get_scan {"scan_id": "${queued.scan_id}"}.`);
    await service.temporal.workflow.getHandle(`scan-${queued.scan_id}`).terminate('test cleanup');
  });

  it('scan_url that outlasts timeout_sec returns the in-flight scan and its id, not an error', async () => {
    const result = await call(other, 'scan_url', { url: `${filesUrl}/talking.mp4`, timeout_sec: 1 });
    expect(result.isError).toBeUndefined();
    const scan = result.structuredContent as any;
    expect(['queued', 'processing']).toContain(scan.status);
    expect(textOf(result)[0]).toBe(
      `Scan ${scan.scan_id} is ${scan.status} (${scan.pct}%). Still running after waiting 1 s; read it later with get_scan {"scan_id": "${scan.scan_id}"}.`,
    );
    await service.temporal.workflow.getHandle(`scan-${scan.scan_id}`).terminate('test cleanup');
  });

  it('media_retention reads the setting, sets what it is given, and the API reads it back', async () => {
    const read = await call(keyed, 'media_retention', {});
    expect(read.structuredContent).toEqual({ media_retention_days: null, include_published: false, operator_default_days: null, effective_days: null });
    const set = await call(keyed, 'media_retention', { media_retention_days: 14, include_published: true });
    expect(set.structuredContent).toEqual({ media_retention_days: 14, include_published: true, operator_default_days: null, effective_days: 14 });
    expect(textOf(set)[0]).toBe(
      "Videos are removed 14 days after their scan (your setting is 14 days; server default: off); published scans' videos are removed too. Reads are always kept.",
    );
    const back = await call(keyed, 'media_retention', { media_retention_days: null });
    expect(back.structuredContent).toMatchObject({ media_retention_days: null, include_published: true });
    const api = await fetch(`${service.apiUrl}/v1/account/retention`, { headers: { authorization: `Bearer ${keyedApiKey}` } });
    expect(await api.json()).toEqual({ media_retention_days: null, include_published: true, operator_default_days: null, effective_days: null });
    const refused = await call(keyed, 'media_retention', { media_retention_days: 3651 });
    expect(refused.isError).toBe(true);
  });

  it('get_scan of an unknown id is an error result with the 404 detail', async () => {
    const result = await call(keyed, 'get_scan', { scan_id: 'scn_000000000000000000000000' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toEqual(['Holdline API error 404: no scan scn_000000000000000000000000']);
  });

  it('scan_url of a private address is an error result with the 400 detail', async () => {
    const result = await call(keyed, 'scan_url', { url: 'http://10.0.0.1/video.mp4' });
    expect(result.isError).toBe(true);
    expect(textOf(result)[0]).toMatch(/^Holdline API error 400: input\.url refused: /);
  });

  it('scan_file of a missing file is an error result and uploads nothing', async () => {
    const before = await service.mongo.db.collection('scans').countDocuments();
    const result = await call(keyed, 'scan_file', { path: '/nonexistent/video.mp4' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toEqual(['Holdline: no file at /nonexistent/video.mp4']);
    expect(await service.mongo.db.collection('scans').countDocuments()).toBe(before);
  });

  it('a bad key makes keyed tools error results with the 401 detail', async () => {
    const badKey = await connect({ HOLDLINE_BASE_URL: service.apiUrl, HOLDLINE_API_KEY: `sk_sig_${'x'.repeat(40)}` });
    const result = await call(badKey, 'list_scans');
    expect(result.isError).toBe(true);
    expect(textOf(result)).toEqual(['Holdline API error 401: invalid or revoked API key']);
  });

  it('an unreachable service is an error result, not a crash', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));
    const nowhere = await connect({ HOLDLINE_BASE_URL: `http://127.0.0.1:${port}`, HOLDLINE_API_KEY: `sk_sig_${'x'.repeat(40)}` });
    const result = await call(nowhere, 'get_scan', { scan_id: 'scn_000000000000000000000000' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toEqual([`Holdline: cannot reach Holdline at http://127.0.0.1:${port}: ECONNREFUSED`]);
    expect((await nowhere.listTools()).tools).toHaveLength(13);
  });

  it(
    'once a scan is featured, demo_scan without a key returns it and library lists it',
    async () => {
      const fileScan = await completeFileScan();
      // GET /v1/demo serves only the scan an operator features (which publishes it too).
      await service.mongo.db.collection('scans').updateOne({ scan_id: fileScan.scan_id }, { $set: { title: 'Portrait via MCP' } });
      expect(await new LibraryStore(service.mongo.db).feature(fileScan.scan_id)).toBe('featured');
      const demo = await call(keyless, 'demo_scan');
      expect(demo.isError).toBeUndefined();
      expect(demo.structuredContent).toEqual(fileScan);

      const library = await call(keyless, 'library', { limit: 5 });
      expect(library.isError).toBeUndefined();
      const page = library.structuredContent as any;
      expect(page).toMatchObject({ limit: 5, offset: 0, total: 1, has_more: false });
      expect(page.data).toEqual([
        expect.objectContaining({
          scan_id: fileScan.scan_id,
          title: 'Portrait via MCP',
          score: fileScan.score,
          grade: fileScan.grade,
          label: fileScan.label,
          duration_sec: fileScan.duration_sec,
          url: `${service.apiUrl}/library/${fileScan.scan_id}`,
        }),
      ]);
      expect(textOf(library)[0]).toMatch(/^Published scans 1–1 of 1:\n- "Portrait via MCP" \(scn_[0-9a-f]{24}\): score /);
    },
    ONE_SCAN,
  );
});
