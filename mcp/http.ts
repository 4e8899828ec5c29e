// The Holdline MCP server over Streamable HTTP, stateless: each POST to /mcp
// gets its own server for the caller's key, so one process serves many
// accounts and holds no session. The caller's `Authorization: Bearer sk_sig_…`
// is the same key the HTTP API takes; it is checked against the API once and
// remembered for a minute. Every request's Host header must be one this server
// answers to (a DNS-rebinding page in a browser sends its own name), whatever
// interface it listens on. scan_file reads only inside a folder the operator
// shares (mcp/local-files.ts), and is not offered when none is.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { Holdline, HoldlineError } from '../clients/js/src/index';
import { createHoldlineMcpServer } from './create-server';
import { sharedFolder, type LocalFiles } from './local-files';

export const MCP_HTTP_PATH = '/mcp';
const KEY_CHECK_TTL_MS = 60_000;
const BEARER = /^Bearer\s+(\S+)\s*$/i;

export interface McpHttpOptions {
  /** The Holdline API the tools call. */
  baseUrl: string;
  /** TCP port; 0 picks a free one. */
  port: number;
  /** Interface to bind, default 127.0.0.1. */
  host?: string;
  /**
   * Host header values accepted besides the loopback names with this port (and the
   * bound address itself, when it is not a wildcard): a name or name:port, as
   * clients send it (e.g. `mcp.example.com` behind a proxy on 443). Others get 403.
   */
  allowedHosts?: string[];
  /** The folder scan_file may read from (symlinks out of it refused); unset, scan_file is not offered. */
  filesDir?: string;
}

export interface McpHttpServer {
  /** e.g. http://127.0.0.1:8765/mcp */
  url: string;
  /** The Host header values accepted, lower-case. */
  allowedHosts: string[];
  /** The real path of the shared folder, or null when scan_file is not offered. */
  filesRoot: string | null;
  close(): Promise<void>;
}

export async function serveMcpHttp(options: McpHttpOptions): Promise<McpHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const checked = new Map<string, number>();
  const files: LocalFiles | null = options.filesDir === undefined ? null : await sharedFolder(options.filesDir);
  let accepted = new Set<string>();

  /** 'ok', or why the key is refused; an unreachable API lets the call through (its tools then say so). */
  async function checkKey(key: string): Promise<'ok' | string> {
    const until = checked.get(key);
    if (until !== undefined && until > Date.now()) return 'ok';
    try {
      await new Holdline({ baseUrl: options.baseUrl, apiKey: key, retry: { maxRetries: 0 } }).scans.list({ limit: 1 });
    } catch (error) {
      if (error instanceof HoldlineError && error.status === 401) return error.detail;
      if (!(error instanceof HoldlineError) || error.status === 0) return 'ok';
    }
    checked.set(key, Date.now() + KEY_CHECK_TTL_MS);
    return 'ok';
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    if (!accepted.has((request.headers.host ?? '').toLowerCase())) {
      return rpcError(
        response,
        403,
        `Host header "${request.headers.host ?? ''}" is not one this server answers to; the operator lists names with --allowed-host`,
      );
    }
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
    // The Host header was checked above, for every interface.
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    const server = createHoldlineMcpServer({ baseUrl: options.baseUrl, apiKey: key, files });
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
  const port = (http.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  accepted = new Set(acceptedHosts(host, port, options.allowedHosts ?? []));
  return {
    url: `http://${shownHost}:${port}${MCP_HTTP_PATH}`,
    allowedHosts: [...accepted],
    filesRoot: files?.kind === 'under' ? files.root : null,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

const WILDCARDS = new Set(['0.0.0.0', '::', '']);

/** The Host header values a server bound to `host`:`port` answers to: loopback names, the bound address, and the operator's. */
export function acceptedHosts(host: string, port: number, extra: string[]): string[] {
  const names = [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
  if (!WILDCARDS.has(host)) names.push(`${host.includes(':') ? `[${host}]` : host}:${port}`);
  names.push(...extra.map((entry) => entry.trim()).filter((entry) => entry.length > 0));
  return [...new Set(names.map((name) => name.toLowerCase()))];
}

function rpcError(response: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}
