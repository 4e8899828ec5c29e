import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createHoldlineMcpServer } from './create-server';

/** Serves the Holdline tools on stdin/stdout until the host closes them; one line for people on stderr. */
export async function serveMcpStdio(options: { baseUrl: string; apiKey?: string }): Promise<void> {
  const server = createHoldlineMcpServer(options);
  await server.connect(new StdioServerTransport());
  process.stderr.write(`holdline MCP server on stdio for ${options.baseUrl} (${options.apiKey ? 'with key: all tools' : 'no key: demo_scan and library only'})\n`);
}
