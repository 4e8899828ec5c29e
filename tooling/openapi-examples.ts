// Records the OpenAPI document's examples from a real scan: starts the stack
// (Temporal, FerretDB, the ear, the embedded model, a worker and the API) in a
// scratch directory, scans the `recut-weak-open` fixture, calls every
// documented operation and writes what was sent and answered, trimmed to a
// readable size, into api/openapi-examples.json (read by api/openapi.ts).
//
//   node --import tsx tooling/openapi-examples.ts
//
// Addresses of this machine in what was recorded (the API's and the local
// receivers' loopback origins) are replaced by example.com names, and ids keep
// their real form. Needs the bootstrap and the fixtures (npm test makes them).
import { openAsBlob, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccountsStore } from '../store/accounts';
import { LibraryStore } from '../store/library';
import { connectMongo } from '../store/mongo';
import { SessionsStore } from '../store/sessions';
import { SESSION_COOKIE } from '../http/session';
import { REPO_ROOT } from './repo-root';
import { startStack } from './stack/start';

const FIXTURE = 'recut-weak-open';
const OUTPUT = join(REPO_ROOT, 'api', 'openapi-examples.json');
const API_ORIGIN = 'https://api.holdline.example';
const MEDIA_ORIGIN = 'https://media.example.com';
const HOOK_ORIGIN = 'https://hooks.example.com';
/** The longest wait for one scan or recut; the machine this runs on may be busy. */
const WAIT_MS = 20 * 60_000;

type Json = unknown;
interface Recorded {
  request?: Record<string, Json>;
  responses: Record<string, Record<string, Json>>;
}

/** Long arrays keep their first three items and long strings their first 280 characters, so an example stays readable. */
export function trimExample(value: Json): Json {
  if (Array.isArray(value)) return value.slice(0, 3).map(trimExample);
  if (typeof value === 'string') return value.length > 280 ? `${value.slice(0, 280)}…` : value;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trimExample(v)]));
  return value;
}

/** The first lines of a text download. */
const firstLines = (text: string, lines: number) =>
  text
    .split(/(?<=\n)/)
    .slice(0, lines)
    .join('');

/**
 * fetch, sent once more when the connection was closed under it before any answer: undici may
 * reuse a keep-alive connection just as the API's 5 s keep-alive timeout closes it. A repeated
 * submission is harmless on this throwaway stack.
 */
async function send(url: string, init?: RequestInit): Promise<globalThis.Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code !== 'UND_ERR_SOCKET' && code !== 'ECONNRESET') throw error;
    return fetch(url, init);
  }
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'holdline-openapi-examples-'));
  const video = join(REPO_ROOT, '.data', 'fixtures', `${FIXTURE}.mp4`);
  // The URL form of a submission downloads the same fixture from a loopback server.
  const media = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'video/mp4' });
    response.end(readFileSync(video));
  });
  // The webhook test's receiver.
  const hooks = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(204);
      response.end();
    });
  });
  const mediaUrl = await listen(media);
  const hookUrl = await listen(hooks);
  const stack = await startStack({
    dataDir,
    ear: true,
    model: true,
    worker: true,
    api: true,
    echo: false,
    // Short chat calls on the small embedded model: the example shows the shape, not a long run.
    env: { HOLDLINE_ALLOW_HOSTS: '127.0.0.1:*', HOLDLINE_CHAT_MAX_STEPS: '3', HOLDLINE_MODEL_MAX_TOKENS: '32', HOLDLINE_WEBHOOK_RETRY_SECONDS: '0' },
  });
  const api = stack.apiUrl!;
  const mongo = await connectMongo(stack.mongodbUri);
  const scrub = (value: Json): Json =>
    JSON.parse(JSON.stringify(value).replaceAll(api, API_ORIGIN).replaceAll(mediaUrl, MEDIA_ORIGIN).replaceAll(hookUrl, HOOK_ORIGIN)) as Json;
  const operations: Record<string, Recorded> = {};
  const record = (key: string, status: number, contentType: string, body: Json, request?: Record<string, Json>) => {
    const entry = (operations[key] ??= { responses: {} });
    if (request) entry.request = { ...entry.request, ...(scrub(trimExample(request)) as Record<string, Json>) };
    (entry.responses[String(status)] ??= {})[contentType] = scrub(trimExample(body));
  };
  try {
    const accounts = new AccountsStore(mongo.db);
    const { apiKey, account } = await accounts.create({ email: 'examples@holdline.example', plan: 'agents' });
    const auth = { authorization: `Bearer ${apiKey}` };
    const call = async (key: string, init: RequestInit & { path?: string; record?: Record<string, Json>; as?: 'json' | 'text' } = {}) => {
      const [method, url] = key.split(' ') as [string, string];
      const response = await send(`${api}${init.path ?? url}`, { method, ...init, headers: { ...auth, ...(init.headers as Record<string, string>) } });
      const type = (response.headers.get('content-type') ?? 'application/json').split(';')[0]!;
      if (response.status === 204) {
        (operations[key] ??= { responses: {} }).request ??= init.record;
        return { status: 204, body: null as Json, response };
      }
      const body: Json = init.as === 'text' || !type.includes('json') ? await response.text() : await response.json();
      return { status: response.status, body, response, type };
    };
    const json = (body: Json) => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

    for (const key of ['GET /healthz', 'GET /readyz', 'GET /v1/signals']) {
      const r = await call(key);
      record(key, r.status, 'application/json', r.body);
    }

    // An upload, with a title.
    const form = new FormData();
    form.append('title', 'Weak opening');
    form.append('file', await openAsBlob(video), `${FIXTURE}.mp4`);
    const upload = await call('POST /v1/scans', { body: form });
    record('POST /v1/scans', upload.status, 'application/json', upload.body, {
      'multipart/form-data': { file: `(the video's bytes: ${FIXTURE}.mp4)`, title: 'Weak opening', webhook_url: `${HOOK_ORIGIN}/holdline` },
    });
    const scanId = (upload.body as { scan_id: string }).scan_id;

    // A URL, with a webhook and an Idempotency-Key: its answer is kept for the in-flight example.
    const byUrl = { input: { type: 'url', url: `${mediaUrl}/${FIXTURE}.mp4` }, title: 'Weak opening (by URL)', webhook_url: `${hookUrl}/holdline` };
    const submitted = await call('POST /v1/scans', {
      ...json(byUrl),
      headers: { 'content-type': 'application/json', 'idempotency-key': 'b7e1d1f0-2c4a-4e8e-9d1c-0f6a5e3c2a10' },
    });
    record('POST /v1/scans', submitted.status, 'application/json', submitted.body, { 'application/json': byUrl });

    // The scan while it runs, then complete.
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const r = await call('GET /v1/scans/:id', { path: `/v1/scans/${scanId}` });
      const state = r.body as { status: string; detail?: string };
      if (state.status === 'complete') {
        record('GET /v1/scans/:id', 200, 'application/json', r.body);
        break;
      }
      if (state.status === 'error') throw new Error(`the example scan failed: ${state.detail}`);
      if (Date.now() > deadline) throw new Error('the example scan did not finish in time');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const missing = await call('GET /v1/scans/:id', { path: '/v1/scans/scn_000000000000000000000000' });
    record('GET /v1/scans/:id', missing.status, 'application/json', missing.body);

    const list = await call('GET /v1/scans', { path: '/v1/scans?limit=2' });
    record('GET /v1/scans', list.status, 'application/json', list.body);
    const badList = await call('GET /v1/scans', { path: '/v1/scans?limit=1000' });
    record('GET /v1/scans', badList.status, 'application/json', badList.body);
    const keyless = await send(`${api}/v1/scans`);
    record('GET /v1/scans', keyless.status, 'application/json', await keyless.json());

    for (const [format, lines] of [
      ['srt', 8],
      ['vtt', 8],
      ['csv', 6],
      ['edl', 10],
      ['chapters', 5],
      ['json', 0],
    ] as const) {
      const r = await call('GET /v1/scans/:id/export', { path: `/v1/scans/${scanId}/export?format=${format}`, as: 'text' });
      const text = r.body as string;
      record('GET /v1/scans/:id/export', r.status, r.type!, format === 'json' ? JSON.parse(text) : firstLines(text, lines));
    }
    const badFormat = await call('GET /v1/scans/:id/export', { path: `/v1/scans/${scanId}/export?format=docx` });
    record('GET /v1/scans/:id/export', badFormat.status, 'application/json', badFormat.body);

    const range = await call('GET /v1/scans/:id/media', { path: `/v1/scans/${scanId}/media`, headers: { range: 'bytes=999999999-' } });
    record('GET /v1/scans/:id/media', range.status, 'application/json', range.body);

    // Featuring publishes the scan: the demo and the library serve it.
    await new LibraryStore(mongo.db).feature(scanId);
    const demo = await call('GET /v1/demo');
    record('GET /v1/demo', demo.status, 'application/json', demo.body);
    const library = await call('GET /api/library', { path: '/api/library?limit=2' });
    record('GET /api/library', library.status, 'application/json', library.body);
    // Publishing is the website's: a signed-in session's cookie, a JSON body.
    const { token } = await new SessionsStore(mongo.db).create(account._id);
    const session = { cookie: `${SESSION_COOKIE}=${token}`, 'content-type': 'application/json' };
    for (const action of ['unpublish', 'publish'] as const) {
      const key = `POST /api/scans/:id/${action}`;
      const r = await send(`${api}/api/scans/${scanId}/${action}`, { method: 'POST', headers: session, body: '{}' });
      record(key, r.status, 'application/json', await r.json(), { 'application/json': {} });
      const signedOut = await call(key, { path: `/api/scans/${scanId}/${action}`, ...json({}) });
      record(key, signedOut.status, 'application/json', signedOut.body);
    }
    // The recut of the complete scan starts now and runs beside the chat call (both ask the model).
    const recutBody = { goal: 'Open on the first lively shot', max_seconds: 20 };
    const recut = await call('POST /v1/scans/:id/recut', { path: `/v1/scans/${scanId}/recut`, ...json(recutBody) });
    record('POST /v1/scans/:id/recut', recut.status, 'application/json', recut.body, { 'application/json': recutBody });
    const recutId = (recut.body as { recut_id: string }).recut_id;
    const models = await call('GET /v1/models');
    record('GET /v1/models', models.status, 'application/json', models.body);
    const chatBody = { model: 'holdline', messages: [{ role: 'user', content: 'In one sentence: what does a hold score of 24 out of 100 mean?' }] };
    const chat = await call('POST /v1/chat/completions', json(chatBody));
    record('POST /v1/chat/completions', chat.status, 'application/json', chat.body, { 'application/json': chatBody });
    const usage = await call('GET /v1/usage');
    record('GET /v1/usage', usage.status, 'application/json', usage.body);
    const noKey = await send(`${api}/v1/models`);
    record('GET /v1/models', noKey.status, 'application/json', await noKey.json());

    const hookTest = { url: `${hookUrl}/holdline` };
    const tested = await call('POST /v1/webhooks/test', json(hookTest));
    record('POST /v1/webhooks/test', tested.status, 'application/json', tested.body, { 'application/json': hookTest });

    // The account's own routes: a first website password set with the key alone, then a change with a wrong current one.
    const firstPassword = { password: 'a long first password' };
    const set = await call('PUT /v1/account/password', { method: 'PUT', ...json(firstPassword) });
    record('PUT /v1/account/password', set.status, 'application/json', set.body, {
      'application/json': { password: 'a new long password', current_password: firstPassword.password },
    });
    const wrongCurrent = await call('PUT /v1/account/password', {
      method: 'PUT',
      ...json({ password: 'a new long password', current_password: 'not the password' }),
    });
    record('PUT /v1/account/password', wrongCurrent.status, 'application/json', wrongCurrent.body);
    const retention = await call('GET /v1/account/retention');
    record('GET /v1/account/retention', retention.status, 'application/json', retention.body);
    const retentionBody = { media_retention_days: 30, include_published: false };
    const retained = await call('PUT /v1/account/retention', { method: 'PUT', ...json(retentionBody) });
    record('PUT /v1/account/retention', retained.status, 'application/json', retained.body, { 'application/json': retentionBody });
    const badRetention = await call('PUT /v1/account/retention', { method: 'PUT', ...json({ media_retention_days: -1 }) });
    record('PUT /v1/account/retention', badRetention.status, 'application/json', badRetention.body);
    const archive = await call('GET /v1/account/export', { as: 'text' });
    // A tar is not text: the example lists its entries' names (each 512-byte header starts with one).
    const entries = (archive.body as string).match(/(?:scn_\w+\/scan\.json|manifest\.json)/g) ?? [];
    record('GET /v1/account/export', archive.status, archive.type!, `a ustar archive of ${entries.length} entries: ${entries.join(', ')}`);
    const badArchive = await call('GET /v1/account/export', { path: '/v1/account/export?media=2' });
    record('GET /v1/account/export', badArchive.status, 'application/json', badArchive.body);

    // The recut, followed to its end.
    const recutDeadline = Date.now() + WAIT_MS;
    for (;;) {
      const r = await call('GET /v1/recuts/:id', { path: `/v1/recuts/${recutId}` });
      const state = r.body as { status: string; detail?: string };
      if (state.status === 'complete' || state.status === 'error') {
        record('GET /v1/recuts/:id', r.status, 'application/json', r.body);
        break;
      }
      if (Date.now() > recutDeadline) throw new Error('the example recut did not finish in time');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const recuts = await call('GET /v1/scans/:id/recuts', { path: `/v1/scans/${scanId}/recuts` });
    record('GET /v1/scans/:id/recuts', recuts.status, 'application/json', recuts.body);

    // The recut's cut list on its source, in each editor format, and a refusal.
    for (const [format, lines] of [
      ['edl', 12],
      ['otio', 0],
      ['fcpxml', 16],
      ['markers.csv', 5],
    ] as const) {
      const r = await call('GET /v1/recuts/:id/export', { path: `/v1/recuts/${recutId}/export?format=${format}`, as: 'text' });
      const text = r.body as string;
      record('GET /v1/recuts/:id/export', r.status, r.type!, format === 'otio' ? JSON.parse(text) : firstLines(text, lines));
    }
    const badRecutFormat = await call('GET /v1/recuts/:id/export', { path: `/v1/recuts/${recutId}/export?format=srt` });
    record('GET /v1/recuts/:id/export', badRecutFormat.status, 'application/json', badRecutFormat.body);

    // A third scan, cancelled while it runs, then deleted (twice: the second is 404).
    const doomed = await call('POST /v1/scans', json(byUrl));
    const doomedId = (doomed.body as { scan_id: string }).scan_id;
    const cancelled = await call('POST /v1/scans/:id/cancel', { path: `/v1/scans/${doomedId}/cancel` });
    record('POST /v1/scans/:id/cancel', cancelled.status, 'application/json', cancelled.body);
    const again = await call('POST /v1/scans/:id/cancel', { path: `/v1/scans/${doomedId}/cancel` });
    record('POST /v1/scans/:id/cancel', again.status, 'application/json', again.body);
    const deleted = await call('DELETE /v1/scans/:id', { path: `/v1/scans/${doomedId}` });
    if (deleted.status !== 204) record('DELETE /v1/scans/:id', deleted.status, 'application/json', deleted.body);
    const deletedAgain = await call('DELETE /v1/scans/:id', { path: `/v1/scans/${doomedId}` });
    record('DELETE /v1/scans/:id', deletedAgain.status, 'application/json', deletedAgain.body);

    // An account of its own to close, with a website password: the key alone cannot close it.
    const closing = await accounts.create({ email: 'closing@holdline.example', plan: 'signal' });
    const closeAs = (body: object) =>
      send(`${api}/v1/account`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${closing.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const closingPassword = await send(`${api}/v1/account/password`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${closing.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'the closing password' }),
    });
    if (closingPassword.status !== 200) throw new Error(`the closing account's password was not set: ${closingPassword.status}`);
    const closeBody = { email: 'closing@holdline.example', password: 'the closing password' };
    const keyAlone = await closeAs({ email: closeBody.email });
    record('DELETE /v1/account', keyAlone.status, 'application/json', await keyAlone.json(), { 'application/json': closeBody });
    const wrongPassword = await closeAs({ email: closeBody.email, password: 'not the password' });
    record('DELETE /v1/account', wrongPassword.status, 'application/json', await wrongPassword.json());
    const closed = await closeAs(closeBody);
    if (closed.status !== 204) record('DELETE /v1/account', closed.status, 'application/json', await closed.json());

    const document = {
      source: `Recorded by tooling/openapi-examples.ts from a real scan of the ${FIXTURE} fixture on the whole stack (the ear, the embedded model); arrays cut to 3 items, strings to 280 characters, this machine's addresses replaced by example.com names.`,
      operations,
    };
    writeFileSync(OUTPUT, `${JSON.stringify(document, null, 2)}\n`);
    console.log(`wrote ${OUTPUT}: ${Object.keys(operations).length} operations`);
  } finally {
    await mongo.close();
    await stack.stop();
    media.close();
    hooks.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
