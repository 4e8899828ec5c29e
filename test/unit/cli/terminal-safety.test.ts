// The `holdline` command against a hostile service (a small HTTP server in this test):
// text the service controls (titles, details, recut rationales, model answers and
// reasoning, error details) reaches stdout and stderr without terminal controls, and
// `--json` keeps every character as a \u escape. The CLI is the real bin.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminalSafe, terminalSafeDeep, terminalSafeJson } from '../../../cli/terminal-text';
import { runHoldline } from './run-holdline';

// OSC 52 writes the clipboard, CSI 2J clears the screen, 8-bit CSI, a CR that overwrites the line, bidi overrides.
const EVIL = '\u001b]52;c;ZXZpbA==\u0007\u001b[2J\u009b2J\rspoof\u202eeulav\u202c\u2066x\u2069\u200e\u200f\u061c';
const SHOWN = ']52;c;ZXZpbA==[2J2Jspoofeulavx';
/** Any character the CLI must never write from the service's text. */
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

const KEY = `sk_sig_${'k'.repeat(40)}`;
let server: Server;
let baseUrl: string;

const figures = { score: 50, grade: 'C', hook: 40, dead_seconds: 2, duration_sec: 30, average_hold: 44 };

beforeAll(async () => {
  server = createServer((req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const url = req.url ?? '';
    if (url === '/v1/scans/scn_evil') return json(200, { scan_id: 'scn_evil', status: 'error', pct: 10, detail: `bad ${EVIL} media` });
    if (url === '/v1/scans/scn_missing') return json(404, { detail: `no scan ${EVIL}` });
    if (url === '/v1/scans' || url.startsWith('/v1/scans?')) {
      return json(200, {
        data: [{ scan_id: 'scn_a', status: 'queued', pct: 0, title: `t ${EVIL}`, created_at: '2026-03-10T12:00:00.000Z' }],
        limit: 20,
        offset: 0,
        total: 1,
        has_more: false,
      });
    }
    if (url === '/v1/scans/scn_a/recut' && req.method === 'POST') return json(202, { recut_id: 'rct_evil', status: 'queued', parent_scan_id: 'scn_a' });
    if (url === '/v1/recuts/rct_evil') {
      return json(200, {
        recut_id: 'rct_evil',
        status: 'complete',
        parent_scan_id: 'scn_a',
        scan_id: 'scn_b',
        segments: [{ start: 0, end: 5 }],
        rationale: `why ${EVIL}`,
        proposed_by: 'model',
        base_model: `m${EVIL}`,
        before: figures,
        after: figures,
        goal: null,
        max_seconds: null,
        created_at: '2026-03-10T12:00:00.000Z',
      });
    }
    if (url === '/v1/models') return json(200, { object: 'list', data: [{ id: 'holdline', object: 'model', created: 0, owned_by: 'holdline' }] });
    if (url === '/v1/chat/completions') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (delta: object) =>
        `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'holdline', choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`;
      // The escape sequence is split over two chunks: what is left of it after the ESC is plain text.
      res.end(
        chunk({ reasoning_content: `think ${EVIL}` }) +
          chunk({ content: 'answer \u001b' }) +
          chunk({ content: `]52;c;eA==\u0007 ${EVIL}\nline two\ttab` }) +
          'data: [DONE]\n\n',
      );
      return;
    }
    json(404, { detail: 'no route' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const holdline = (args: string[]) =>
  runHoldline(['--base-url', baseUrl, ...args], { HOLDLINE_API_KEY: KEY, HOLDLINE_CONFIG: '/nonexistent/holdline-config.json' });

describe('terminalSafe', () => {
  it('removes C0 (but tab and newline), DEL, C1 and bidi controls, and keeps the rest', () => {
    expect(terminalSafe(`a\tb\nc${EVIL}é世`)).toBe(`a\tb\nc${SHOWN}é世`);
  });

  it('reaches strings at any depth of plain objects and arrays, keys included', () => {
    expect(terminalSafeDeep({ a: [`x${EVIL}`, 1, null, { [`k\u001b`]: `\u202ey` }], b: true })).toEqual({ a: [`x${SHOWN}`, 1, null, { k: 'y' }], b: true });
  });

  it('JSON output escapes every control and parses back to the same value', () => {
    const value = { detail: EVIL, nested: [EVIL] };
    const text = terminalSafeJson(value);
    expect([...text].filter((c) => c !== '\n' && CONTROLS.test(c))).toEqual([]);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('the holdline command against a hostile service', () => {
  it('get: a scan error detail is shown without controls', async () => {
    const run = await holdline(['get', 'scn_evil']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(`scn_evil error: bad ${SHOWN} media\n`);
  });

  it('an error detail on stderr is shown without controls', async () => {
    const run = await holdline(['get', 'scn_missing']);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`holdline: 404: no scan ${SHOWN}\n`);
  });

  it('list: titles are shown without controls', async () => {
    const run = await holdline(['list']);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe(`scn_a  ${'queued 0%'.padEnd(28)}  2026-03-10 12:00  t ${SHOWN}`);
    expect(CONTROLS.test(run.stdout.replace(/\n/g, ''))).toBe(false);
  });

  it('recut: the rationale and base model are shown without controls', async () => {
    const run = await holdline(['recut', 'scn_a']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`\nwhy ${SHOWN}\n`);
    expect(run.stdout).toContain(`proposed by the model (m${SHOWN})`);
    expect(CONTROLS.test(run.stdout.replace(/\n/g, ''))).toBe(false);
    expect(CONTROLS.test(run.stderr.replace(/\n/g, ''))).toBe(false);
  });

  it('chat: the answer and the reasoning are streamed without controls, newlines and tabs kept', async () => {
    const run = await holdline(['chat', 'hello']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`answer ]52;c;eA== ${SHOWN}\nline two\ttab\n`);
    expect(run.stderr).toBe(`think ${SHOWN}`);
  });

  it('--json keeps every character, escaped', async () => {
    const run = await holdline(['--json', 'get', 'scn_evil']);
    expect([...run.stdout].filter((c) => c !== '\n' && CONTROLS.test(c))).toEqual([]);
    expect(JSON.parse(run.stdout)).toEqual({ scan_id: 'scn_evil', status: 'error', pct: 10, detail: `bad ${EVIL} media` });
  });
});
