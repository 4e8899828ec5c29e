// GET /metrics over fake deps: closed without a token, Prometheus text behind it,
// requests counted by route pattern (never the raw URL), submissions, chat calls and quota refusals by outcome.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/app';
import { PLANS } from '../../../core/plans';
import { accountWithKey, fakeDeps } from '../fake-deps';
import { multipart } from './multipart';

const TOKEN = 'metrics-token-0123456789';
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function setUp(env: Record<string, string> = { HOLDLINE_METRICS_TOKEN: TOKEN }) {
  const deps = fakeDeps(env);
  app = await buildApp(deps);
  return { deps, app, ...(await accountWithKey(deps, 'agents')) };
}

async function scrape(app: FastifyInstance) {
  const response = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

/** The value of one sample line, e.g. `holdline_http_requests_total{method="GET",route="/healthz",status="200"}`; 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const inner = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .join(',');
  const line = text.split('\n').find((row) => row.startsWith(`${name}{${inner}} `));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('GET /metrics', () => {
  it('does not exist without HOLDLINE_METRICS_TOKEN', async () => {
    const { app } = await setUp({});
    expect((await app.inject('/metrics')).statusCode).toBe(404);
  });

  it('needs the token: 401 {detail} without it or with a wrong one', async () => {
    const { app } = await setUp();
    expect((await app.inject('/metrics')).statusCode).toBe(401);
    const wrong = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer metrics-token-0123456780' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: expect.any(String) });
  });

  it('counts requests by route pattern and status, never by raw URL', async () => {
    const { app, auth } = await setUp();
    await app.inject('/healthz');
    await app.inject('/healthz');
    await app.inject({ url: '/v1/scans/scn_one', headers: auth });
    await app.inject({ url: '/v1/scans/scn_two', headers: auth });
    await app.inject('/no/such/page/12345');
    const text = await scrape(app);
    expect(sample(text, 'holdline_http_requests_total', { method: 'GET', route: '/healthz', status: '200' })).toBe(2);
    expect(sample(text, 'holdline_http_requests_total', { method: 'GET', route: '/v1/scans/:id', status: '404' })).toBe(2);
    expect(sample(text, 'holdline_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(text).not.toContain('scn_one');
    expect(text).not.toContain('12345');
    expect(text).toContain('holdline_http_request_duration_seconds_bucket');
    expect(text).toContain('holdline_api_process_cpu_user_seconds_total');
  });

  it('counts scan submissions by outcome, and a used-up month as a quota refusal', async () => {
    const { deps, app, account, auth } = await setUp();
    const upload = multipart([{ name: 'file', filename: 'clip.mp4', data: Buffer.from('bytes') }]);
    const submit = (headers: Record<string, string>, payload: unknown) => app.inject({ method: 'POST', url: '/v1/scans', headers, payload: payload as string });
    expect((await submit({ ...auth, ...upload.headers }, upload.payload)).statusCode).toBe(202);
    expect((await submit(auth, { input: { type: 'url', url: 'http://127.0.0.1/a.mp4' } })).statusCode).toBe(400);
    expect((await submit({}, {})).statusCode).toBe(401);
    // Use up the rest of the month.
    while (await deps.usage.take(account._id, 'scans', PLANS.agents.scansPerMonth, deps.now()));
    expect((await submit({ ...auth, ...upload.headers }, upload.payload)).statusCode).toBe(429);
    const text = await scrape(app);
    expect(sample(text, 'holdline_scan_submissions_total', { kind: 'scan', outcome: 'submitted' })).toBe(1);
    expect(sample(text, 'holdline_scan_submissions_total', { kind: 'scan', outcome: 'bad_request' })).toBe(1);
    expect(sample(text, 'holdline_scan_submissions_total', { kind: 'scan', outcome: 'unauthorized' })).toBe(1);
    expect(sample(text, 'holdline_scan_submissions_total', { kind: 'scan', outcome: 'quota_exceeded' })).toBe(1);
    expect(sample(text, 'holdline_quota_refusals_total', { route: '/v1/scans' })).toBe(1);
  });

  it('counts chat calls by outcome', async () => {
    const { deps, app, auth } = await setUp();
    const task = { model: 'holdline', messages: [{ role: 'user', content: 'What holds?' }] };
    const chat = (payload: unknown) => app.inject({ method: 'POST', url: '/v1/chat/completions', headers: auth, payload: payload as string });
    expect((await chat(task)).statusCode).toBe(200);
    expect((await chat({ ...task, stream: true })).statusCode).toBe(200);
    expect((await chat({ model: 'nope', messages: [] })).statusCode).toBe(400);
    deps.upstreamSwitch.up = false;
    expect((await chat(task)).statusCode).toBe(503);
    const text = await scrape(app);
    expect(sample(text, 'holdline_chat_calls_total', { outcome: 'answered' })).toBe(2);
    expect(sample(text, 'holdline_chat_calls_total', { outcome: 'bad_request' })).toBe(1);
    expect(sample(text, 'holdline_chat_calls_total', { outcome: 'model_unavailable' })).toBe(1);
  });
});
