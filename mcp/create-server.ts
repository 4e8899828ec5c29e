// One Holdline MCP server over a client of the HTTP API: the tools of
// tools.ts and the resources that hold what a compact result only links to.
// Transports (stdio in server.ts, Streamable HTTP in http.ts) wrap it.

import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { EXPORT_FORMATS, isExportFormat, isRecutExportFormat, RECUT_EXPORT_FORMATS } from '../core/exports';
import { Holdline, HoldlineError, type CompleteScan } from '../clients/js/src/index';
import type { LocalFiles } from './local-files';
import { runTool, toolsFor, type ToolContext } from './tools';

export const MCP_SERVER_VERSION = '0.1.0';

/**
 * `files`: which local files scan_file reads (mcp/local-files.ts): any over stdio
 * (the user's own machine), only a shared folder over HTTP, or null: no scan_file.
 */
export function createHoldlineMcpServer(options: { baseUrl: string; apiKey?: string; files: LocalFiles | null }): McpServer {
  const client = new Holdline({ baseUrl: options.baseUrl, apiKey: options.apiKey });
  const server = new McpServer({ name: 'holdline', version: MCP_SERVER_VERSION });
  for (const tool of toolsFor(Boolean(client.apiKey), options.files)) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
        annotations: tool.annotations,
      },
      (args: Record<string, unknown>, extra) => {
        const progressToken = extra._meta?.progressToken;
        const context: ToolContext = { signal: extra.signal, ...(options.files ? { files: options.files } : {}) };
        if (progressToken !== undefined) {
          context.progress = (pct, message) =>
            extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress: pct, total: 100, message } });
        }
        return runTool(tool, client, args, context);
      },
    );
  }
  registerScanResources(server, client);
  return server;
}

/**
 * `holdline://scans/{id}/timeline`, `…/transcript` and `…/export/{format}`, and a recut's
 * cut list, `holdline://recuts/{id}/export/{format}` (for its owner's key).
 * They are read through the export endpoint, so a published scan (the demo)
 * reads without a key and any other with its owner's.
 */
function registerScanResources(server: McpServer, client: Holdline) {
  const whole = async (scanId: string, signal: AbortSignal): Promise<CompleteScan> =>
    JSON.parse((await client.scans.export(scanId, 'json', { signal })).body) as CompleteScan;
  const json = (uri: URL, data: unknown): ReadResourceResult => ({ contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(data) }] });
  const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

  server.registerResource(
    'scan-timeline',
    new ResourceTemplate('holdline://scans/{scan_id}/timeline', { list: undefined }),
    {
      title: 'Scan timeline',
      description: 'Per-second scores of a complete scan: [{second, scores: {hold, motion, loudness, speech}}], each 0–100.',
      mimeType: 'application/json',
    },
    async (uri, variables, extra) => resourceOrError(async () => json(uri, (await whole(one(variables.scan_id), extra.signal)).timeline)),
  );
  server.registerResource(
    'scan-transcript',
    new ResourceTemplate('holdline://scans/{scan_id}/transcript', { list: undefined }),
    { title: 'Scan transcript', description: 'Transcript of a complete scan: [{start, end, text}], seconds from the start.', mimeType: 'application/json' },
    async (uri, variables, extra) => resourceOrError(async () => json(uri, (await whole(one(variables.scan_id), extra.signal)).transcript)),
  );
  server.registerResource(
    'scan-export',
    new ResourceTemplate('holdline://scans/{scan_id}/export/{format}', { list: undefined, complete: { format: () => [...EXPORT_FORMATS] } }),
    { title: 'Scan export', description: `A complete scan as a file, format ${EXPORT_FORMATS.join(', ')}.` },
    async (uri, variables, extra) =>
      resourceOrError(async () => {
        const format = one(variables.format);
        if (!isExportFormat(format)) throw new Error(`unknown export format "${format}"; use ${EXPORT_FORMATS.join(', ')}`);
        const file = await client.scans.export(one(variables.scan_id), format, { signal: extra.signal });
        return { contents: [{ uri: uri.href, mimeType: file.contentType.split(';')[0]!.trim(), text: file.body }] };
      }),
  );
  server.registerResource(
    'recut-export',
    new ResourceTemplate('holdline://recuts/{recut_id}/export/{format}', { list: undefined, complete: { format: () => [...RECUT_EXPORT_FORMATS] } }),
    { title: 'Recut export', description: `A complete recut's cut list on its source, format ${RECUT_EXPORT_FORMATS.join(', ')}.` },
    async (uri, variables, extra) =>
      resourceOrError(async () => {
        const format = one(variables.format);
        if (!isRecutExportFormat(format)) throw new Error(`unknown recut export format "${format}"; use ${RECUT_EXPORT_FORMATS.join(', ')}`);
        const file = await client.recuts.export(one(variables.recut_id), format, { signal: extra.signal });
        return { contents: [{ uri: uri.href, mimeType: file.contentType.split(';')[0]!.trim(), text: file.body }] };
      }),
  );
}

/** A failed read is a protocol error carrying the service's status and detail. */
async function resourceOrError(read: () => Promise<ReadResourceResult>): Promise<ReadResourceResult> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof HoldlineError)
      throw new Error(error.status === 0 ? `Holdline: ${error.detail}` : `Holdline API error ${error.status}: ${error.detail}`);
    throw error;
  }
}
