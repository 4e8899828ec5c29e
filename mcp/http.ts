// The Holdline MCP server over Streamable HTTP, stateless: each POST to /mcp
// gets its own server for the caller's key, so one process serves many
// accounts and holds no session. The caller's `Authorization: Bearer sk_sig_…`
// is the same key the HTTP API takes; it is checked against the API once and
// remembered for a minute.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { HoldlineApiError, HoldlineClient } from './client';
import { createHoldlineMcpServer } from './create-server';

export const MCP_HTTP_PATH = '/mcp';
const KEY_CHECK_TTL_MS = 60_000;
const BEARER = /^Bearer\s+(\S+)\s*$/i;

export interface McpHttpOptions {
  /** The Holdline API the tools call. */
  baseUrl: string;
  /** TCP port; 0 picks a free one. */
  port: number;
  /** Interface to bind, default 127.0.0.1 (then only loopback Host headers are accepted). */
  host?: string;
}

export interface McpHttpServer {
  /** e.g. http://127.0.0.1:8765/mcp */
  url: string;
  close(): Promise<void>;
}

export async function serveMcpHttp(options: McpHttpOptions): Promise<McpHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const checked = new Map<string, number>();
  let port = options.port;

  /** 'ok', or why the key is refused; an unreachable API lets the call through (its tools then say so). */
  async function checkKey(key: string): Promise<'ok' | string> {
    const until = checked.get(key);
    if (until !== undefined && until > Date.now()) return 'ok';
    try {
      await new HoldlineClient({ baseUrl: options.baseUrl, apiKey: key }).listScans({ limit: 1 });
    } catch (error) {
      if (error instanceof HoldlineApiError && error.status === 401) return error.detail;
      if (!(error instanceof HoldlineApiError) || error.status === 0) return 'ok';
    }
    checked.set(key, Date.now() + KEY_CHECK_TTL_MS);
    return 'ok';
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const path = (request.url ?? '').split('?')[0];
    if (path !== MCP_HTTP_PATH) return rpcError(response, 404, `no MCP endpoint here; use ${MCP_HTTP_PATH}`);
    // Stateless: no session stream to resume (GET) or end (DELETE).
    if (request.method !== 'POST') return rpcError(response, 405, 'method not allowed; POST JSON-RPC messages', { allow: 'POST' });
    const key = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!key || !key.startsWith('sk_sig_')) {
      return rpcError(response, 401, 'missing API key: send Authorization: Bearer sk_sig_…', { 'www-authenticate': 'Bearer realm="holdline"' });
    }
    const verdict = await checkKey(key);
    if (verdict !== 'ok') return rpcError(response, 401, verdict, { 'www-authenticate': 'Bearer realm="holdline", error="invalid_token"' });
    const loopback = host === '127.0.0.1' || host === 'localhost' || host === '::1';
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      ...(loopback ? { enableDnsRebindingProtection: true, allowedHosts: [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`] } : {}),
    });
    const server = createHoldlineMcpServer({ baseUrl: options.baseUrl, apiKey: key });
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response);
  }

  const http = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      process.stderr.write(`holdline mcp: ${error instanceof Error ? error.message : String(error)}\n`);
      if (!response.headersSent) rpcError(response, 500, 'internal error');
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, host, () => resolve());
  });
  port = (http.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}${MCP_HTTP_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

function rpcError(response: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}
