// The media_retention tool against a loopback HTTP server that keeps a setting as the API does
// (GET and PUT /v1/account/retention; a left-out include_published is false, as the API has it).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Holdline } from '../../../clients/js/src/index';
import { holdlineTools, runTool } from '../../../mcp/tools';

let server: Server;
let client: Holdline;
let stored: { media_retention_days: number | null; include_published: boolean };
const seen: Array<{ method: string; url: string; body: string }> = [];
const OPERATOR_DEFAULT = 30;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, body });
      if (req.method === 'PUT') {
        const sent = JSON.parse(body) as { media_retention_days: number | null; include_published?: boolean };
        stored = { media_retention_days: sent.media_retention_days, include_published: sent.include_published ?? false };
      }
      const days = stored.media_retention_days ?? OPERATOR_DEFAULT;
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ ...stored, operator_default_days: OPERATOR_DEFAULT, effective_days: days > 0 ? days : null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = new Holdline({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: 'sk_sig_test' });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  stored = { media_retention_days: null, include_published: true };
  seen.length = 0;
});

const tool = holdlineTools.find((candidate) => candidate.name === 'media_retention')!;
const call = (args: Record<string, unknown>) => runTool(tool, client, args, { signal: new AbortController().signal });

describe('media_retention', () => {
  it('is keyed, writes, and is idempotent', () => {
    expect(tool.keyless).toBe(false);
    expect(tool.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });
  });

  it('without arguments only reads, and says the setting in a sentence', async () => {
    const result = await call({});
    expect(seen.map((s) => s.method)).toEqual(['GET']);
    expect(result.structuredContent).toEqual({ media_retention_days: null, include_published: true, operator_default_days: 30, effective_days: 30 });
    expect(result.content[0]).toEqual({
      type: 'text',
      text: "Videos are removed 30 days after their scan (you follow the server default; server default: 30 days); published scans' videos are removed too. Reads are always kept.",
    });
  });

  it('sets the days and keeps include_published as it was; 0 keeps for good; null goes back to the default', async () => {
    const week = await call({ media_retention_days: 7 });
    expect(week.structuredContent).toEqual({ media_retention_days: 7, include_published: true, operator_default_days: 30, effective_days: 7 });
    const forGood = await call({ media_retention_days: 0, include_published: false });
    expect((forGood.content[0] as { text: string }).text).toBe(
      'Videos are kept for good (your setting keeps them for good; server default: 30 days); published scans keep their videos. Reads are always kept.',
    );
    await call({ media_retention_days: null });
    expect(seen.filter((s) => s.method === 'PUT').map((s) => JSON.parse(s.body))).toEqual([
      { media_retention_days: 7, include_published: true },
      { media_retention_days: 0, include_published: false },
      { media_retention_days: null, include_published: false },
    ]);
  });

  it('bad days are refused before any request', async () => {
    for (const days of [-1, 3651, 1.5, 'seven']) {
      const result = await call({ media_retention_days: days });
      expect(result.isError).toBe(true);
      expect((result.content[0] as { text: string }).text).toMatch(/^invalid arguments: media_retention_days: /);
    }
    expect(seen).toEqual([]);
  });
});
