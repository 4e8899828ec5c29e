// `holdline mcp`: the MCP server (mcp/), on stdio by default or Streamable HTTP with
// --http. The server outlives the command's function, so it answers 'running' and
// main.ts leaves the exit code to the server (stdin closing, or SIGINT/SIGTERM).

import type { Command } from 'commander';
import { CliError, integer, type Cli, type Run } from '../context';
import { EXIT, type ExitCode } from '../format';

interface McpOptions {
  http?: boolean;
  port: number;
  host: string;
  allowedHost: string[];
  filesDir?: string;
}

export function addMcp(program: Command, run: Run): void {
  program
    .command('mcp')
    .description('run the MCP server: stdio by default, Streamable HTTP with --http')
    .option('--http', "serve Streamable HTTP at /mcp, keyed by each caller's Bearer key")
    .option('--port <n>', 'HTTP port', integer('--port', 0, 65_535), 8765)
    .option('--host <host>', 'HTTP interface', '127.0.0.1')
    .option(
      '--allowed-host <name>',
      'with --http: a Host header value to accept besides loopback (name or name:port; repeatable; also HOLDLINE_MCP_ALLOWED_HOSTS)',
      (value: string, all: string[]) => [...all, value],
      [] as string[],
    )
    .option('--files-dir <dir>', 'with --http: the only folder scan_file may read (also HOLDLINE_MCP_FILES_DIR); unset, scan_file is not offered over HTTP')
    .action((options: McpOptions) => run((cli) => mcpCommand(cli, options)));
}

export async function mcpCommand(cli: Cli, options: McpOptions): Promise<ExitCode | 'running'> {
  const { baseUrl, apiKey } = await cli.connect({ needKey: false });
  if (!options.http) {
    const { serveMcpStdio } = await import('../../mcp/stdio');
    await serveMcpStdio({ baseUrl, apiKey });
    return 'running';
  }
  const { serveMcpHttp } = await import('../../mcp/http');
  const allowedHosts = [...(process.env.HOLDLINE_MCP_ALLOWED_HOSTS ?? '').split(','), ...options.allowedHost].map((h) => h.trim()).filter((h) => h.length > 0);
  const filesDir = options.filesDir ?? (process.env.HOLDLINE_MCP_FILES_DIR?.trim() || undefined);
  const server = await serveMcpHttp({ baseUrl, port: options.port, host: options.host, allowedHosts, filesDir }).catch((error: NodeJS.ErrnoException) => {
    if (error.syscall === 'listen') throw new CliError(EXIT.usage, `cannot listen on ${options.host}:${options.port}: ${error.code ?? error.message}`);
    throw new CliError(EXIT.usage, `cannot share ${filesDir} for scan_file: ${error.code ?? error.message}`);
  });
  cli.note(`holdline MCP server (Streamable HTTP) at ${server.url} for ${baseUrl}; send Authorization: Bearer sk_sig_…`);
  cli.note(`accepting Host headers: ${server.allowedHosts.join(', ')} (add names with --allowed-host)`);
  cli.note(server.filesRoot ? `scan_file reads only inside ${server.filesRoot}` : 'scan_file is not offered (share a folder with --files-dir)');
  const stop = () => void server.close().then(() => process.exit(EXIT.ok));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return 'running';
}
