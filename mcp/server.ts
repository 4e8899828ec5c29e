// Holdline MCP server over stdio: a client-side wrapper of the HTTP API.
// HOLDLINE_BASE_URL (default http://127.0.0.1:8080) and HOLDLINE_API_KEY
// (optional: without it only the keyless tools are offered).
// stdout carries the protocol; anything for people goes to stderr.
// `holdline mcp --http` serves the same tools over Streamable HTTP (http.ts).

import { serveMcpStdio } from './stdio';

const DEFAULT_BASE_URL = 'http://127.0.0.1:8080';

const baseUrl = process.env.HOLDLINE_BASE_URL?.trim() || DEFAULT_BASE_URL;
const apiKey = process.env.HOLDLINE_API_KEY?.trim() || undefined;
try {
  new URL(baseUrl);
} catch {
  process.stderr.write(`HOLDLINE_BASE_URL is not a URL: ${baseUrl}\n`);
  process.exit(2);
}
await serveMcpStdio({ baseUrl, apiKey });
