// The delete_scan tool and the client's deleteScan against a loopback HTTP server
// that answers as the API does (204 done, 202 still deleting, 404 {detail}).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Holdline } from '../../../clients/js/src/index';
import { holdlineTools, runTool } from '../../../mcp/tools';

let server: Server;
let client: Holdline;
const seen: Array<{ method: string; url: string; authorization: string | undefined }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization });
    if (req.url === '/v1/scans/scn_done') res.writeHead(204).end();
    else if (req.url === '/v1/scans/scn_slow') res.writeHead(202, { 'content-type': 'application/json' }).end('{"scan_id":"scn_slow","status":"deleting"}');
    else res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: `no scan ${req.url!.split('/').pop()}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = new Holdline({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: 'sk_sig_test' });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const tool = holdlineTools.find((candidate) => candidate.name === 'delete_scan')!;
const call = (scanId: unknown) => runTool(tool, client, { scan_id: scanId }, { signal: new AbortController().signal });

describe('delete_scan', () => {
  it('is keyed, destructive and not idempotent', () => {
    expect(tool.keyless).toBe(false);
    expect(tool.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: false });
  });

  it('sends DELETE /v1/scans/{id} with the key and says the scan is gone', async () => {
    const result = await call('scn_done');
    expect(seen.at(-1)).toEqual({ method: 'DELETE', url: '/v1/scans/scn_done', authorization: 'Bearer sk_sig_test' });
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual({ scan_id: 'scn_done', status: 'deleted' });
    expect(result.content).toEqual([{ type: 'text', text: 'scn_done deleted: nothing of it is left.' }]);
  });

  it('a 202 says the deletion goes on', async () => {
    const result = await call('scn_slow');
    expect(result.structuredContent).toEqual({ scan_id: 'scn_slow', status: 'deleting' });
  });

  it('a 404 (unknown, another account’s, already deleted) is an error result with the detail', async () => {
    const result = await call('scn_gone');
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: 'text', text: 'Holdline API error 404: no scan scn_gone' }]);
  });

  it('a missing scan id is refused before any request', async () => {
    const before = seen.length;
    expect((await call(undefined)).isError).toBe(true);
    expect(seen.length).toBe(before);
  });
});
