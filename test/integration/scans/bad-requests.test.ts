// Bad requests from a client that holds a valid key: each gets the documented
// error shape ({detail} on the signal interface, OpenAI's on the model
// interface), the API keeps serving, and nothing is stored or counted.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFilesOf } from '../helpers/stored-files';
import { startService, type Service } from '../helpers/service';

let service: Service;
let accountId: string;
let apiKey: string;

beforeAll(async () => {
  // No worker: nothing here may get as far as a workflow.
  service = await startService({ inProcessWorkers: false });
  ({ accountId, apiKey } = await service.createAccount());
});
afterAll(async () => service?.stop());

const post = (path: string, contentType: string, body: string | FormData) =>
  fetch(`${service.apiUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, ...(typeof body === 'string' ? { 'content-type': contentType } : {}) },
    body,
  });

/** What a refused submission could leave behind: scan documents, stored media, the month's counters. */
async function leftovers() {
  const usage = await service.deps.usage.month(accountId);
  return {
    scans: await service.mongo.db.collection('scans').countDocuments(),
    mediaFiles: (await mediaFilesOf(service)).length,
    scansUsed: usage.scans,
    callsUsed: usage.calls,
  };
}
const nothing = { scans: 0, mediaFiles: 0, scansUsed: 0, callsUsed: 0 };

/** 60,000 levels of nesting: `[[[…]]]` as the value of `field`. */
const deeplyNested = (field: string) => `{"${field}": ${'['.repeat(60_000)}${']'.repeat(60_000)}}`;

describe('POST /v1/scans with a valid key', () => {
  it.each([
    ['malformed JSON', 'application/json', '{"input": '],
    ['JSON that is not an object', 'application/json', '[1, 2, 3]'],
    ['an unsupported content type', 'text/plain', 'https://example.com/v.mp4'],
    ['60,000-deep nesting inside the input', 'application/json', deeplyNested('input')],
    [
      '60,000-deep nesting beside the input',
      'application/json',
      `{"input": {"type": "url", "url": "https://example.com/v.mp4"}, "x": ${'['.repeat(60_000)}${']'.repeat(60_000)}}`,
    ],
    ['an input of an unknown type', 'application/json', JSON.stringify({ input: { type: 'ftp', url: 'ftp://example.com/v.mp4' } })],
  ])('%s gets 400 {detail}; nothing is stored or counted', async (_name, contentType, body) => {
    const response = await post('/v1/scans', contentType, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ detail: expect.any(String) });
    expect(await leftovers()).toEqual(nothing);
  });

  it.each([
    ['hexadecimal loopback', 'http://0x7f000001/v.mp4'],
    ['decimal loopback', 'http://2130706433/v.mp4'],
    ['shortened loopback', 'http://127.1/v.mp4'],
    ['octal loopback', 'http://0177.0.0.1/v.mp4'],
    ['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/v.mp4'],
    ['IPv6 loopback', 'http://[::1]/v.mp4'],
    ['a private address', 'http://10.0.0.1/v.mp4'],
    ['link-local (cloud metadata)', 'http://169.254.169.254/latest/meta-data/'],
    ['a name that resolves to loopback', 'http://localhost:8080/v.mp4'],
    ['credentials in front of a loopback host', 'http://user:pass@127.0.0.1/v.mp4'],
    ['a scheme other than http(s)', 'file:///etc/passwd'],
  ])('a URL input with %s is refused with 400 naming input.url; nothing is stored or counted', async (_name, url) => {
    const response = await post('/v1/scans', 'application/json', JSON.stringify({ input: { type: 'url', url } }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { detail: string };
    expect(body).toEqual({ detail: expect.any(String) });
    expect(await leftovers()).toEqual(nothing);
  });

  it('a multipart body with two file parts gets 400 and keeps nothing of either', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(64 * 1024)]), 'a.mp4');
    form.append('file', new Blob([new Uint8Array(64 * 1024)]), 'b.mp4');
    const response = await post('/v1/scans', '', form);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ detail: expect.any(String) });
    expect(await leftovers()).toEqual(nothing);
  });

  it('a multipart body with too many fields gets 400 and keeps nothing', async () => {
    const form = new FormData();
    for (let i = 0; i < 200; i++) form.append(`field${i}`, 'x');
    form.append('file', new Blob([new Uint8Array(64 * 1024)]), 'a.mp4');
    const response = await post('/v1/scans', '', form);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ detail: expect.any(String) });
    expect(await leftovers()).toEqual(nothing);
  });
});

describe('POST /v1/chat/completions with a valid key', () => {
  it.each([
    ['malformed JSON', 'application/json', '{"model": "holdline", "messages": ['],
    ['an unsupported content type', 'text/plain', 'hello'],
    ['60,000-deep nesting in the messages', 'application/json', deeplyNested('messages')],
    [
      '60,000-deep nesting in a message content',
      'application/json',
      `{"model": "holdline", "messages": [{"role": "user", "content": ${'['.repeat(60_000)}${']'.repeat(60_000)}}]}`,
    ],
  ])('%s gets 400 in the OpenAI error shape; nothing is counted', async (_name, contentType, body) => {
    const response = await post('/v1/chat/completions', contentType, body);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { error: Record<string, unknown> };
    expect(Object.keys(answer).sort()).toEqual(['error']);
    expect(Object.keys(answer.error).sort()).toEqual(['code', 'message', 'param', 'type']);
    expect(answer.error).toMatchObject({ message: expect.any(String), type: 'invalid_request_error' });
    expect(await leftovers()).toEqual(nothing);
  });
});

describe('after all of it', () => {
  it('the API still answers the same key', async () => {
    const response = await fetch(`${service.apiUrl}/v1/usage`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ scans_this_month: 0, calls_this_month: 0 });
  });
});
