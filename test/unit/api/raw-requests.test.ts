// Requests that only a raw socket can send: a repeated Idempotency-Key header (Node joins
// repeats into one "a, b" string, and `app.inject` cannot send a header twice) and a
// keyless body that never ends. The app listens on loopback over fake deps.
import type { FastifyInstance } from 'fastify';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/app';
import type { ScanDoc } from '../../../store/scan-docs';
import { accountWithKey, fakeDeps } from '../fake-deps';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function listening(plan: 'signal' | 'agents' = 'signal') {
  const deps = fakeDeps({}, { allowHosts: ['127.0.0.1:9'] });
  app = await buildApp(deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { deps, port, ...(await accountWithKey(deps, plan)) };
}

interface RawAnswer {
  status: number;
  body: string;
}

/**
 * Writes `head` and `body` as they are (the body may stop short of its Content-Length)
 * and resolves with the first complete answer; the socket is then destroyed.
 */
function rawRequest(port: number, head: string[], body: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = received.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? 0);
      if (received.length - end - 4 < length) return;
      socket.destroy();
      resolve({ status: Number(head.slice(9, 12)), body: received.subarray(end + 4, end + 4 + length).toString('utf8') });
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`closed without a whole answer: ${JSON.stringify(received.toString('latin1'))}`)));
    socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
  });
}

const scanBody = JSON.stringify({ input: { type: 'url', url: 'http://127.0.0.1:9/clip.mp4' } });

describe('Idempotency-Key sent twice', () => {
  it('POST /v1/scans with two Idempotency-Key headers is 400 {detail} and takes nothing', async () => {
    const { deps, port, account, apiKey } = await listening();
    const answer = await rawRequest(
      port,
      [
        'POST /v1/scans HTTP/1.1',
        'Host: 127.0.0.1',
        `Authorization: Bearer ${apiKey}`,
        'Content-Type: application/json',
        `Content-Length: ${scanBody.length}`,
        'Idempotency-Key: a',
        'idempotency-key: b',
      ],
      scanBody,
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ detail: 'Idempotency-Key must be one header of 1 to 255 printable ASCII characters' });
    expect(deps.usage.of(account._id, deps.now()).scans).toBe(0);
    expect(deps.idempotency.docs.size).toBe(0);
    expect(deps.workflows.started).toEqual([]);
  });

  it('POST /v1/scans/:id/recut with two Idempotency-Key headers is 400 {detail} and takes nothing', async () => {
    const { deps, port, account, apiKey } = await listening('agents');
    deps.scans.docs.set('scn_a', { _id: 'scn_a', scan_id: 'scn_a', account_id: account._id, status: 'complete', duration_sec: 60 } as unknown as ScanDoc);
    const body = '{}';
    const answer = await rawRequest(
      port,
      [
        'POST /v1/scans/scn_a/recut HTTP/1.1',
        'Host: 127.0.0.1',
        `Authorization: Bearer ${apiKey}`,
        'Content-Type: application/json',
        `Content-Length: ${body.length}`,
        'Idempotency-Key: same',
        'Idempotency-Key: same',
      ],
      body,
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ detail: 'Idempotency-Key must be one header of 1 to 255 printable ASCII characters' });
    expect(deps.usage.of(account._id, deps.now()).scans).toBe(0);
    expect(deps.recuts.docs.size).toBe(0);
    expect(deps.workflows.started).toEqual([]);
  });

  it('one Idempotency-Key header is still taken as the key', async () => {
    const { deps, port, apiKey } = await listening();
    const answer = await rawRequest(
      port,
      [
        'POST /v1/scans HTTP/1.1',
        'Host: 127.0.0.1',
        `Authorization: Bearer ${apiKey}`,
        'Content-Type: application/json',
        `Content-Length: ${scanBody.length}`,
        'Idempotency-Key: once',
      ],
      scanBody,
    );
    expect(answer.status).toBe(202);
    expect([...deps.idempotency.docs.keys()].map((id) => id.split(':').pop())).toEqual(['once']);
  });
});

describe('the recut route checks the key before the body', () => {
  it('a keyless POST /v1/scans/x/recut with the body `{` is 401, not 400', async () => {
    const { port } = await listening('agents');
    const answer = await rawRequest(port, ['POST /v1/scans/x/recut HTTP/1.1', 'Host: 127.0.0.1', 'Content-Type: application/json', 'Content-Length: 1'], '{');
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual({ detail: expect.stringContaining('key') });
  });

  it('a keyless body that never ends is answered 401 at once, without waiting for the rest', async () => {
    const { port } = await listening('agents');
    // 1 MB announced, one byte sent: the answer must come from the headers alone.
    const answer = await rawRequest(
      port,
      ['POST /v1/scans/x/recut HTTP/1.1', 'Host: 127.0.0.1', 'Content-Type: application/json', 'Content-Length: 1000000'],
      '{',
    );
    expect(answer.status).toBe(401);
  });

  it('a wrong key on GET /v1/recuts/:id is 401', async () => {
    const { port } = await listening('agents');
    const answer = await rawRequest(port, ['GET /v1/recuts/rct_x HTTP/1.1', 'Host: 127.0.0.1', `Authorization: Bearer sk_sig_${'x'.repeat(40)}`], '');
    expect(answer.status).toBe(401);
  });
});
