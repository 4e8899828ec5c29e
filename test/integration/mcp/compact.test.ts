import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportScan } from '../../../core/exports';
import type { ScanRead } from '../../../core/wire/read';
import { serveMcpHttp, type McpHttpServer } from '../../../mcp/http';
import { newScanId } from '../../../store/ids';
import { LibraryStore } from '../../../store/library';
import { startService, type Service } from '../helpers/service';
import { longScanRead } from './long-scan';

// What an MCP host gets for a 2-hour scan. Scanning a real 2-hour file here
// would take far too long, so the scan document is built with the project's
// own read (core/read.ts) from 7200 s of synthetic measurements, stored with
// the real store, and served by the real API; the MCP server runs as a child
// process over stdio and in-process over Streamable HTTP.

let service: Service;
let apiKey: string;
let scanId: string;
let read: ScanRead;
let stdio: Client;
let http: McpHttpServer;
const clients: Client[] = [];

const tokens = (result: unknown) => JSON.stringify(result).length / 4;
const textOf = (result: CallToolResult) => result.content.filter((block) => block.type === 'text').map((block) => block.text);

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

async function httpClient(key?: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(http.url), key ? { requestInit: { headers: { authorization: `Bearer ${key}` } } } : {});
  const client = new Client({ name: 'holdline-http-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

beforeAll(async () => {
  service = await startService({ inProcessWorkers: false });
  const account = await service.createAccount();
  apiKey = account.apiKey;
  read = longScanRead(7200);
  scanId = newScanId();
  await service.deps.scans.insertQueued({
    scan_id: scanId,
    account_id: account.accountId,
    title: 'Two hours',
    source: { type: 'upload', filename: 'long.mp4' },
    priority: false,
    created_at: new Date(),
  });
  expect(await service.deps.scans.complete(scanId, read)).toBe(true);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', 'mcp/server.ts'],
    cwd: process.cwd(),
    env: { ...getDefaultEnvironment(), HOLDLINE_BASE_URL: service.apiUrl, HOLDLINE_API_KEY: apiKey },
    stderr: 'ignore',
  });
  stdio = new Client({ name: 'holdline-mcp-test', version: '1.0.0' });
  await stdio.connect(transport);
  clients.push(stdio);
  http = await serveMcpHttp({ baseUrl: service.apiUrl, port: 0 });
});

afterAll(async () => {
  await Promise.allSettled(clients.map((client) => client.close()));
  await http?.close();
  await service?.stop();
});

describe('a 2-hour scan', () => {
  it('is a long, busy scan: 7200 timeline seconds, hundreds of cuts, transcript segments and dead stretches', () => {
    expect(read.timeline).toHaveLength(7200);
    expect(read.cuts.length).toBeGreaterThan(1000);
    expect(read.transcript.length).toBeGreaterThan(500);
    expect(read.dead.length).toBeGreaterThanOrEqual(12);
    // In full it is far beyond what a host accepts.
    expect(tokens(read)).toBeGreaterThan(100_000);
  });

  it('get_scan returns a compact result under 20 000 tokens: the read once, structured, with a short text and resource links', async () => {
    const result = await call(stdio, 'get_scan', { scan_id: scanId });
    expect(result.isError).toBeUndefined();
    expect(tokens(result)).toBeLessThan(20_000);
    const scan = result.structuredContent as any;
    expect(scan).toMatchObject({
      scan_id: scanId,
      status: 'complete',
      score: read.score,
      grade: read.grade,
      label: read.label,
      hook: read.hook,
      summary: read.summary,
      dead: read.dead,
      moments: read.moments,
      transcript_segments: read.transcript.length,
      timeline_uri: `holdline://scans/${scanId}/timeline`,
      transcript_uri: `holdline://scans/${scanId}/transcript`,
      media_url: `${service.apiUrl}/v1/scans/${scanId}/media`,
    });
    expect(scan.cuts).toEqual(read.cuts.slice(0, scan.cuts.length));
    expect(scan.cuts.length + (scan.omitted?.cuts ?? 0)).toBe(read.cuts.length);
    expect(scan.claims.length + (scan.omitted?.claims ?? 0)).toBe(read.claims.length);
    expect(scan.timeline).toBeUndefined();
    expect(scan.transcript).toBeUndefined();
    // The scan is there once: one short text, no JSON copy of it.
    const texts = textOf(result);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.length).toBeLessThan(2_000);
    expect(texts[0]).toContain(`Scan ${scanId} complete: score ${read.score}, grade ${read.grade}`);
    expect(result.content.filter((block) => block.type === 'resource_link').map((block: any) => block.uri)).toEqual([scan.timeline_uri, scan.transcript_uri]);
  });

  it('the linked resources hold the whole timeline and transcript', async () => {
    const timeline = await stdio.readResource({ uri: `holdline://scans/${scanId}/timeline` });
    expect(timeline.contents[0]!.mimeType).toBe('application/json');
    expect(JSON.parse((timeline.contents[0] as { text: string }).text)).toEqual(read.timeline);
    const transcript = await stdio.readResource({ uri: `holdline://scans/${scanId}/transcript` });
    expect(JSON.parse((transcript.contents[0] as { text: string }).text)).toEqual(read.transcript);
    const templates = (await stdio.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate).sort();
    expect(templates).toEqual([
      'holdline://recuts/{recut_id}/export/{format}',
      'holdline://scans/{scan_id}/export/{format}',
      'holdline://scans/{scan_id}/timeline',
      'holdline://scans/{scan_id}/transcript',
    ]);
  });

  it('reading the resource of an unknown scan is a protocol error with the 404 detail', async () => {
    await expect(stdio.readResource({ uri: 'holdline://scans/scn_000000000000000000000000/timeline' })).rejects.toThrow(
      /Holdline API error 404: no scan scn_000000000000000000000000/,
    );
  });

  it('detail "full" returns everything, timeline and transcript included', async () => {
    const result = await call(stdio, 'get_scan', { scan_id: scanId, detail: 'full' });
    const scan = result.structuredContent as any;
    expect(scan.timeline).toEqual(read.timeline);
    expect(scan.transcript).toEqual(read.transcript);
    expect(scan.cuts).toEqual(read.cuts);
    expect(scan.method).toBe(read.method);
  });

  it('export_scan inlines a small export and links a large one, readable as a resource', async () => {
    const { tools } = await stdio.listTools();
    expect(tools.find((tool) => tool.name === 'export_scan')?.outputSchema?.properties).toHaveProperty('embedded');
    expect(tools.find((tool) => tool.name === 'get_scan')?.outputSchema?.properties).toHaveProperty('timeline_uri');
    const view = { ...read, scan_id: scanId, status: 'complete' as const, media_url: `/v1/scans/${scanId}/media`, title: 'Two hours' };
    const chapters = await call(stdio, 'export_scan', { scan_id: scanId, format: 'chapters' });
    expect(chapters.structuredContent).toMatchObject({ format: 'chapters', filename: `${scanId}-chapters.txt`, embedded: true });
    expect(chapters.content[1]).toEqual({
      type: 'resource',
      resource: { uri: `holdline://scans/${scanId}/export/chapters`, mimeType: 'text/plain', text: exportScan(view, 'chapters').body },
    });
    const csv = await call(stdio, 'export_scan', { scan_id: scanId, format: 'csv' });
    expect(tokens(csv)).toBeLessThan(20_000);
    expect(csv.structuredContent).toMatchObject({ format: 'csv', embedded: false, uri: `holdline://scans/${scanId}/export/csv` });
    const file = await stdio.readResource({ uri: `holdline://scans/${scanId}/export/csv` });
    expect((file.contents[0] as { text: string }).text).toBe(exportScan(view, 'csv').body);
    const bad = await call(stdio, 'export_scan', { scan_id: scanId, format: 'mp4' });
    expect(bad.isError).toBe(true);
  });
});

describe('without a key', () => {
  it('demo_scan of a featured 2-hour scan is compact too, and its resources read without a key (the scan is published)', async () => {
    expect(await new LibraryStore(service.mongo.db).feature(scanId)).toBe('featured');
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'mcp/server.ts'],
      cwd: process.cwd(),
      env: { ...getDefaultEnvironment(), HOLDLINE_BASE_URL: service.apiUrl },
      stderr: 'ignore',
    });
    const keyless = new Client({ name: 'holdline-mcp-keyless', version: '1.0.0' });
    await keyless.connect(transport);
    clients.push(keyless);
    const demo = await call(keyless, 'demo_scan', {});
    expect(tokens(demo)).toBeLessThan(20_000);
    expect(demo.structuredContent).toMatchObject({ scan_id: scanId, status: 'complete', timeline_uri: `holdline://scans/${scanId}/timeline` });
    const timeline = await keyless.readResource({ uri: `holdline://scans/${scanId}/timeline` });
    expect(JSON.parse((timeline.contents[0] as { text: string }).text)).toHaveLength(7200);
  });
});

describe('Streamable HTTP', () => {
  it('refuses a request without a key, or with a key the API does not know, with 401', async () => {
    const noKey = await fetch(http.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{}',
    });
    expect(noKey.status).toBe(401);
    expect(noKey.headers.get('www-authenticate')).toMatch(/^Bearer/);
    await expect(httpClient(`sk_sig_${'x'.repeat(40)}`)).rejects.toThrow(/401|invalid or revoked API key/);
  });

  it('with the account key offers the stdio tools but scan_file (no folder shared) and returns the same compact scan as stdio', async () => {
    const client = await httpClient(apiKey);
    const names = (await client.listTools()).tools.map((tool) => tool.name).sort();
    expect(names).toEqual(
      (await stdio.listTools()).tools
        .map((tool) => tool.name)
        .filter((name) => name !== 'scan_file')
        .sort(),
    );
    expect(names).toHaveLength(12);
    const overHttp = await call(client, 'get_scan', { scan_id: scanId });
    const overStdio = await call(stdio, 'get_scan', { scan_id: scanId });
    expect(overHttp).toEqual(overStdio);
  });
});
