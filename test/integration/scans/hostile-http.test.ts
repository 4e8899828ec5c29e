import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFilesOf } from '../helpers/stored-files';
import { startService, type Service } from '../helpers/service';
import { LINGER } from '../../../http/unread-body';

// Clients that send bodies without a key, or stall and trickle their uploads.
// Timeouts are short here through the configuration; no worker runs.

let service: Service;
let accountId: string;
let apiKey: string;

const UPLOAD_LIMIT = 8 * 1024 * 1024;

beforeAll(async () => {
  service = await startService({
    inProcessWorkers: false,
    env: {
      HOLDLINE_UPLOAD_LIMIT_BYTES: String(UPLOAD_LIMIT),
      // An upload must bring 64 KiB/s over each 1.5 s window; a connection idle for 4 s is dropped.
      HOLDLINE_UPLOAD_WINDOW_MS: '1500',
      HOLDLINE_UPLOAD_MIN_BYTES_PER_SEC: '65536',
      HOLDLINE_IDLE_TIMEOUT_MS: '4000',
      HOLDLINE_CHAT_KEEPALIVE_MS: '1000',
      HOLDLINE_HEADERS_TIMEOUT_MS: '1000',
    },
  });
  ({ accountId, apiKey } = await service.createAccount());
});
afterAll(async () => service?.stop());

const db = () => service.mongo.db;
/** Everything a submission could leave behind: scans, stored media, the month's scan count. */
async function leftovers() {
  return {
    scans: await db().collection('scans').countDocuments(),
    mediaFiles: (await mediaFilesOf(service)).length,
    usedScans: (await service.deps.usage.month(accountId)).scans,
  };
}
const nothingLeft = { scans: 0, mediaFiles: 0, usedScans: 0 };

/** Part of the upload is in the store and its quota unit is taken. */
async function stalledPartStored() {
  const now = await leftovers();
  return now.mediaFiles > 0 && now.usedScans === 1;
}
const POLL = { timeout: 20_000 };

const port = () => Number(new URL(service.apiUrl).port);

/** A raw connection: what it received and a promise that settles when the server closes it. */
function rawConnection() {
  const socket: Socket = connect(port(), '127.0.0.1');
  let received = '';
  socket.on('data', (data) => (received += data.toString('latin1')));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => undefined);
  return { socket, closed, received: () => received };
}

const BOUNDARY = 'holdline-test-boundary';
function uploadHead(declaredLength: number, key = apiKey) {
  return (
    `POST /v1/scans HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n` +
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${declaredLength}\r\n\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="slow.mp4"\r\nContent-Type: video/mp4\r\n\r\n`
  );
}

describe('the key is checked before the body is read', () => {
  const post = (headers: Record<string, string>, body: string | FormData) => fetch(`${service.apiUrl}/v1/scans`, { method: 'POST', headers, body });

  it.each([
    ['no Authorization header', {}],
    ['a key that does not exist', { authorization: `Bearer sk_sig_${'x'.repeat(40)}` }],
  ])('a multipart upload over the size limit with %s gets 401, not 413, and nothing is stored', async (_name, headers) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(UPLOAD_LIMIT + 1024 * 1024)]), 'big.mp4');
    const response = await post(headers, form);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ detail: expect.stringMatching(/key/) });
    expect(await leftovers()).toEqual(nothingLeft);
  });

  it.each([
    ['malformed JSON', 'application/json', '{"input": '],
    ['JSON over the body limit', 'application/json', JSON.stringify({ input: { type: 'url', url: 'https://example.com/v.mp4' }, pad: 'x'.repeat(600_000) })],
    ['an unsupported content type', 'text/plain', 'hello'],
    ['a multipart body with a broken boundary', 'multipart/form-data; boundary=zzz', '--nope\r\n\r\n'],
  ])('keyless %s gets 401 and nothing is parsed or stored', async (_name, contentType, body) => {
    const response = await post({ 'content-type': contentType }, body);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ detail: expect.stringMatching(/API key/) });
    expect(await leftovers()).toEqual(nothingLeft);
  });

  // A refusal's connection is not closed under a client still sending (a reset can wipe the unread answer from the
  // client's buffer): the rest of the body is read and thrown away, up to LINGER, and only then cut off.
  it('an upload refused while it is being sent gets its answer; a body that ends within the linger keeps its connection', async () => {
    const conn = rawConnection();
    const declared = 3 * 1024 * 1024;
    const head = uploadHead(declared, `sk_sig_${'x'.repeat(40)}`);
    conn.socket.write(head);
    await expect.poll(conn.received, POLL).toMatch(/^HTTP\/1\.1 401 /);
    expect(conn.received()).not.toMatch(/connection: close/i);
    // The head holds the body's first bytes (the file part's own header); the rest follows in 256 KiB writes.
    const bodyInHead = head.length - head.indexOf('\r\n\r\n') - 4;
    for (let sent = bodyInHead; sent < declared; sent += 256 * 1024) conn.socket.write(Buffer.alloc(Math.min(256 * 1024, declared - sent), 5));
    conn.socket.write('GET /v1/signals HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await expect.poll(() => conn.received().match(/HTTP\/1\.1 \d+ /g), POLL).toEqual(['HTTP/1.1 401 ', 'HTTP/1.1 200 ']);
    conn.socket.destroy();
    expect(await leftovers()).toEqual(nothingLeft);
  });

  it('a refused upload that goes on past the linger is cut off after its answer', async () => {
    const conn = rawConnection();
    conn.socket.write(uploadHead(4 * LINGER.bytes, `sk_sig_${'x'.repeat(40)}`));
    await expect.poll(conn.received, POLL).toMatch(/^HTTP\/1\.1 401 /);
    let sent = 0;
    const pump = setInterval(() => {
      if (conn.socket.writable && sent < 3 * LINGER.bytes) conn.socket.write(Buffer.alloc(512 * 1024, 9), () => (sent += 512 * 1024));
    }, 5);
    await conn.closed;
    clearInterval(pump);
    expect(sent).toBeLessThan(3 * LINGER.bytes);
    expect(conn.received()).toMatch(/^HTTP\/1\.1 401 [^]*"detail"/);
    expect(await leftovers()).toEqual(nothingLeft);
  });

  it('keyless GET routes get 401 the same way', async () => {
    for (const path of ['/v1/scans', '/v1/scans/scn_000000000000000000000000', '/v1/scans?offset=-1']) {
      const response = await fetch(`${service.apiUrl}${path}`);
      expect(response.status, path).toBe(401);
    }
  });
});

describe('stalled, trickled and abandoned uploads', () => {
  it('an upload that stalls after storing a chunk is cut off; its stored part is deleted and its quota unit returned', async () => {
    const conn = rawConnection();
    conn.socket.write(uploadHead(UPLOAD_LIMIT));
    // 5 MiB: enough that part of the file is really written to the store's temporary object before the stall.
    conn.socket.write(Buffer.alloc(5 * 1024 * 1024, 7));
    await expect.poll(stalledPartStored, POLL).toBe(true);
    await conn.closed;
    // The server answers nothing, and what it stored and took goes back. Polled: in a CI-like run
    // (2026-12-02, both lanes at once) the connection was closed while the unit was still used,
    // so the close can come before the clean-up has ended (not explained yet; see docs/limits.md).
    expect(conn.received()).toBe('');
    await expect.poll(leftovers, POLL).toEqual(nothingLeft);
  });

  it('an upload trickled below the minimum rate is cut off and leaves nothing', async () => {
    const conn = rawConnection();
    conn.socket.write(uploadHead(UPLOAD_LIMIT));
    // 1 KiB every 100 ms keeps the socket busy (no idle timeout) at 10 KiB/s, far under 64 KiB/s.
    const trickle = setInterval(() => conn.socket.writable && conn.socket.write(Buffer.alloc(1024, 1)), 100);
    await conn.closed;
    clearInterval(trickle);
    expect(conn.received()).toBe('');
    expect(await leftovers()).toEqual(nothingLeft);
  });

  it('a body trickled before the file part (inside a title field) is cut off and leaves nothing', async () => {
    const conn = rawConnection();
    conn.socket.write(
      `POST /v1/scans HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${apiKey}\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: 100000\r\n\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\n`,
    );
    const trickle = setInterval(() => conn.socket.writable && conn.socket.write('t'), 100);
    await conn.closed;
    clearInterval(trickle);
    expect(conn.received()).toBe('');
    // With no file part yet, closing the connection is how the parts end, so the clean-up follows the close.
    await expect.poll(leftovers, POLL).toEqual(nothingLeft);
  });

  it('a client that disconnects mid-upload leaves nothing and gets its quota unit back', async () => {
    const conn = rawConnection();
    conn.socket.write(uploadHead(UPLOAD_LIMIT));
    conn.socket.write(Buffer.alloc(5 * 1024 * 1024, 3));
    await expect.poll(stalledPartStored, POLL).toBe(true);
    conn.socket.destroy();
    await expect.poll(leftovers, POLL).toEqual(nothingLeft);
  });

  it('a client that stops within its headers gets 408 and its connection closed', async () => {
    const conn = rawConnection();
    conn.socket.write('POST /v1/scans HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthoriz');
    await conn.closed;
    expect(conn.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a connection that sends nothing at all is closed', async () => {
    const conn = rawConnection();
    await conn.closed;
    expect(await leftovers()).toEqual(nothingLeft);
  });

  it('after all that, an honest upload at full speed is still accepted', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(2 * 1024 * 1024)]), 'ok.mp4');
    const response = await fetch(`${service.apiUrl}/v1/scans`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}` }, body: form });
    expect(response.status).toBe(202);
    const { scan_id: scanId } = (await response.json()) as { scan_id: string };
    expect((await leftovers()).usedScans).toBe(1);
    expect(await service.deps.media.stat(service.deps.media.media, `media:${scanId}`)).toMatchObject({ length: 2 * 1024 * 1024 });
  });
});
