import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createHoldlineMcpServer } from './create-server';

/** Serves the Holdline tools on stdin/stdout until the host closes them; one line for people on stderr. */
export async function serveMcpStdio(options: { baseUrl: string; apiKey?: string }): Promise<void> {
  // The user's own machine: scan_file reads any path they name.
  const server = createHoldlineMcpServer({ ...options, files: { kind: 'any' } });
  await server.connect(new StdioServerTransport());
  process.stderr.write(
    `holdline MCP server on stdio for ${options.baseUrl} (${options.apiKey ? 'with key: all tools' : 'no key: demo_scan and library only'})\n`,
  );
}
