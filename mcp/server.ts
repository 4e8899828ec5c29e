// Holdline MCP server over stdio: a client-side wrapper of the HTTP API.
// HOLDLINE_BASE_URL (default http://127.0.0.1:8080) and HOLDLINE_API_KEY
// (optional: without it only the keyless tools are offered).
// stdout carries the protocol; anything for people goes to stderr.

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { HoldlineClient } from './client';
import { runTool, toolsFor, type ToolContext } from './tools';

const DEFAULT_BASE_URL = 'http://127.0.0.1:8080';

function createHoldlineMcpServer(options: { baseUrl: string; apiKey?: string }): McpServer {
  const client = new HoldlineClient(options);
  const server = new McpServer({ name: 'holdline', version: '0.1.0' });
  for (const tool of toolsFor(Boolean(client.apiKey))) {
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.inputSchema, annotations: tool.annotations },
      (args, extra) => {
        const progressToken = extra._meta?.progressToken;
        const context: ToolContext = { signal: extra.signal };
        if (progressToken !== undefined) {
          context.progress = (pct, message) =>
            extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress: pct, total: 100, message } });
        }
        return runTool(tool, client, args, context);
      },
    );
  }
  return server;
}

async function main() {
  const baseUrl = process.env.HOLDLINE_BASE_URL?.trim() || DEFAULT_BASE_URL;
  const apiKey = process.env.HOLDLINE_API_KEY?.trim() || undefined;
  try {
    new URL(baseUrl);
  } catch {
    process.stderr.write(`HOLDLINE_BASE_URL is not a URL: ${baseUrl}\n`);
    process.exit(2);
  }
  const server = createHoldlineMcpServer({ baseUrl, apiKey });
  await server.connect(new StdioServerTransport());
  process.stderr.write(`holdline MCP server on stdio for ${baseUrl} (${apiKey ? 'with key: all tools' : 'no key: demo_scan and library only'})\n`);
}

await main();
