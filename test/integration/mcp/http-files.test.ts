import { copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveMcpHttp, type McpHttpServer } from '../../../mcp/http';
import { fixture } from '../helpers/fixtures';
import { startService, type Service } from '../helpers/service';

// The MCP server over Streamable HTTP, as an operator runs it for others: a
// caller's scan_file must never make the server upload its own files, nor tell
// which paths exist; the Host header is checked on every interface.

let service: Service;
let apiKey: string;
let accountId: string;
let base: string;
const servers: McpHttpServer[] = [];
const clients: Client[] = [];

async function connect(server: McpHttpServer): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { authorization: `Bearer ${apiKey}` } } });
  const client = new Client({ name: 'holdline-http-files-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function serve(options: Partial<Parameters<typeof serveMcpHttp>[0]> = {}): Promise<McpHttpServer> {
  const server = await serveMcpHttp({ baseUrl: service.apiUrl, port: 0, ...options });
  servers.push(server);
  return server;
}

const call = async (client: Client, name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;
const textOf = (result: CallToolResult) => result.content.filter((block) => block.type === 'text').map((block) => block.text);
const scansOwned = async () => (await service.deps.scans.listOwned(accountId, { limit: 100, offset: 0 })).total;

beforeAll(async () => {
  service = await startService({ inProcessWorkers: false });
  ({ apiKey, accountId } = await service.createAccount());
  base = await mkdtemp(join(tmpdir(), 'holdline-mcp-http-'));
  await mkdir(join(base, 'shared'));
  await copyFile((await fixture('portrait')).path, join(base, 'shared', 'clip.mp4'));
  // The server's own file, readable only by its user: what the caller uploaded into their account.
  await copyFile((await fixture('portrait')).path, join(base, 'private.mp4'));
  await writeFile(join(base, 'notes.txt'), 'server notes', { mode: 0o600 });
  await symlink(join(base, 'private.mp4'), join(base, 'shared', 'link.mp4'));
});

afterAll(async () => {
  await Promise.allSettled(clients.map((client) => client.close()));
  await Promise.allSettled(servers.map((server) => server.close()));
  await service?.stop();
  if (base) await rm(base, { recursive: true, force: true });
});

describe('scan_file over Streamable HTTP', () => {
  it('is not offered when no folder is shared, and a call to it uploads nothing', async () => {
    const client = await connect(await serve());
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).not.toContain('scan_file');
    expect(names).toContain('scan_url');
    const result = await call(client, 'scan_file', { path: join(base, 'private.mp4'), wait: false }).catch((error: Error) => ({
      isError: true,
      content: [{ type: 'text' as const, text: error.message }],
    }));
    expect(result.isError).toBe(true);
    expect(textOf(result).join(' ')).toMatch(/scan_file/);
    expect(await scansOwned()).toBe(0);
  });

  it('with a shared folder, refuses every path outside it (missing, outside, symlink out, directory) with one answer and uploads nothing', async () => {
    const server = await serve({ filesDir: join(base, 'shared') });
    const client = await connect(server);
    const tried = [
      join(base, 'private.mp4'),
      '../private.mp4',
      'link.mp4',
      join(base, 'notes.txt'),
      '/etc/passwd',
      'missing.mp4',
      join(base, 'missing.mp4'),
      '.',
    ];
    for (const path of tried) {
      const result = await call(client, 'scan_file', { path, wait: false });
      expect(result.isError, path).toBe(true);
      expect(textOf(result), path).toEqual([`Holdline: no readable video file "${path}" in the folder this server shares`]);
    }
    expect(await scansOwned()).toBe(0);
  });

  it('with a shared folder, uploads a file inside it', async () => {
    const server = await serve({ filesDir: join(base, 'shared') });
    expect(server.filesRoot).toBe(join(base, 'shared'));
    const client = await connect(server);
    const result = await call(client, 'scan_file', { path: 'clip.mp4', wait: false });
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toMatchObject({ status: 'queued', scan_id: expect.stringMatching(/^scn_/) });
    expect(await scansOwned()).toBe(1);
  });

  it('refuses to start on a folder that does not exist', async () => {
    await expect(serveMcpHttp({ baseUrl: service.apiUrl, port: 0, filesDir: join(base, 'nowhere') })).rejects.toThrow(/ENOENT/);
  });
});

describe('the Host header (DNS rebinding)', () => {
  /** A POST to `url` carrying `host` as its Host header (what a rebinding page's browser sends); node:http sends it as given. */
  const post = (url: string, host: string) =>
    new Promise<{ status: number; json: () => unknown }>((resolve, reject) => {
      const request = httpRequest(
        url,
        { method: 'POST', headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, json: () => JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
        },
      );
      request.on('error', reject);
      request.end('{}');
    });

  it('bound to 0.0.0.0 it still refuses a Host it does not answer to with 403, before the key is looked at', async () => {
    const server = await serve({ host: '0.0.0.0' });
    const port = new URL(server.url).port;
    const local = `http://127.0.0.1:${port}/mcp`;
    const rebound = await post(local, `evil.example:${port}`);
    expect(rebound.status).toBe(403);
    expect(rebound.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32000, message: `Host header "evil.example:${port}" is not one this server answers to; the operator lists names with --allowed-host` },
    });
    // A loopback name passes the check and meets the key check.
    expect((await post(local, `127.0.0.1:${port}`)).status).toBe(401);
    expect((await post(local, `localhost:${port}`)).status).toBe(401);
  });

  it('accepts the names the operator lists, as the Host header carries them', async () => {
    const server = await serve({ host: '0.0.0.0', allowedHosts: ['MCP.example.com'] });
    const port = new URL(server.url).port;
    const local = `http://127.0.0.1:${port}/mcp`;
    expect(server.allowedHosts).toContain('mcp.example.com');
    expect((await post(local, 'mcp.example.com')).status).toBe(401);
    expect((await post(local, `mcp.example.com:${port}`)).status).toBe(403);
  });

  it('bound to loopback it refuses any other Host as before', async () => {
    const server = await serve();
    const port = new URL(server.url).port;
    expect((await post(server.url, `evil.example:${port}`)).status).toBe(403);
  });
});
