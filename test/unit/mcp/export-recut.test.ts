// The export_recut tool and the recut-export resource against a loopback HTTP server
// that answers GET /v1/recuts/{id}/export as the API does (the file with its type and
// Content-Disposition, 409 and 404 {detail}), as delete-scan.test.ts does for its tool.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Holdline } from '../../../clients/js/src/index';
import { createHoldlineMcpServer } from '../../../mcp/create-server';
import { holdlineTools, runTool } from '../../../mcp/tools';

const EDL = 'TITLE: Talk (recut)\r\nFCM: NON-DROP FRAME\r\n\r\n';

let server: Server;
let baseUrl: string;
let client: Holdline;
const seen: Array<{ method: string; url: string; authorization: string | undefined }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization });
    const url = new URL(req.url!, 'http://h');
    const format = url.searchParams.get('format');
    if (url.pathname === '/v1/recuts/rct_done/export' && format === 'edl') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-disposition': 'attachment; filename="rct_done.edl"' }).end(EDL);
    } else if (url.pathname === '/v1/recuts/rct_running/export') {
      res
        .writeHead(409, { 'content-type': 'application/json' })
        .end(JSON.stringify({ detail: 'recut rct_running is processing (40%); its cut list exports once it is complete' }));
    } else {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: `no recut ${url.pathname.split('/')[3]}` }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = new Holdline({ baseUrl, apiKey: 'sk_sig_test' });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const tool = holdlineTools.find((candidate) => candidate.name === 'export_recut')!;
const call = (args: Record<string, unknown>) => runTool(tool, client, args, { signal: new AbortController().signal });

describe('export_recut', () => {
  it('is keyed and read-only, beside export_scan', () => {
    expect(tool.keyless).toBe(false);
    expect(tool.annotations).toMatchObject({ readOnlyHint: true });
    const names = holdlineTools.map((candidate) => candidate.name);
    expect(names.indexOf('export_recut')).toBeGreaterThan(names.indexOf('get_recut'));
  });

  it('sends GET /v1/recuts/{id}/export?format= with the key and gives the cut list inline, named by the service', async () => {
    const result = await call({ recut_id: 'rct_done', format: 'edl' });
    expect(seen.at(-1)).toEqual({ method: 'GET', url: '/v1/recuts/rct_done/export?format=edl', authorization: 'Bearer sk_sig_test' });
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual({
      recut_id: 'rct_done',
      format: 'edl',
      filename: 'rct_done.edl',
      content_type: 'text/plain; charset=utf-8',
      bytes: EDL.length,
      uri: 'holdline://recuts/rct_done/export/edl',
      embedded: true,
    });
    expect(result.content[1]).toEqual({ type: 'resource', resource: { uri: 'holdline://recuts/rct_done/export/edl', mimeType: 'text/plain', text: EDL } });
  });

  it('a recut still running (409) or unknown (404) is an error result with the detail', async () => {
    const running = await call({ recut_id: 'rct_running', format: 'otio' });
    expect(running.isError).toBe(true);
    expect(running.content).toEqual([
      { type: 'text', text: 'Holdline API error 409: recut rct_running is processing (40%); its cut list exports once it is complete' },
    ]);
    const unknown = await call({ recut_id: 'rct_none', format: 'fcpxml' });
    expect(unknown.content).toEqual([{ type: 'text', text: 'Holdline API error 404: no recut rct_none' }]);
  });

  it('a format the recut export does not have is refused before any request', async () => {
    const before = seen.length;
    for (const format of ['srt', 'json', 'mp4']) expect((await call({ recut_id: 'rct_done', format })).isError).toBe(true);
    expect(seen.length).toBe(before);
  });
});

describe('the recut-export resource', () => {
  it('holdline://recuts/{id}/export/{format} reads the same file, for the link a large export gets', async () => {
    const mcp = createHoldlineMcpServer({ baseUrl, apiKey: 'sk_sig_test', files: null });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const reader = new Client({ name: 'test', version: '0' });
    await Promise.all([mcp.connect(serverSide), reader.connect(clientSide)]);
    try {
      const read = await reader.readResource({ uri: 'holdline://recuts/rct_done/export/edl' });
      expect(read.contents).toEqual([{ uri: 'holdline://recuts/rct_done/export/edl', mimeType: 'text/plain', text: EDL }]);
      await expect(reader.readResource({ uri: 'holdline://recuts/rct_done/export/srt' })).rejects.toThrow(/unknown recut export format "srt"/);
    } finally {
      await reader.close();
      await mcp.close();
    }
  });
});
