// A request refused before its body is read (no key, over a limit, quota spent):
// what becomes of the bytes still coming. Closing the connection the moment the
// answer is written loses the answer under load: the client is still sending, the
// closed socket answers its bytes with a reset, and a reset that reaches the
// client before it has read the answer discards the answer from its buffer (the
// CLI then saw a network error instead of its 429). So the server lingers, as
// HTTP servers do: the rest of the body is read and thrown away, up to a few
// MiB or seconds; a body that ends within that keeps its connection, one that
// does not is cut off, by when the client has long had its answer.
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How much of a refused body is read and thrown away before its connection is cut. */
export const LINGER = { bytes: 8 * 1024 * 1024, ms: 5_000 };

/** The request says a body follows (chunked or a Content-Length above 0). */
const hasBody = (request: FastifyRequest) => request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

/**
 * The rest of a request's unread body is discarded as it comes, and its
 * connection destroyed once more than `linger.bytes` came or `linger.ms` passed
 * without the body ending.
 */
export function discardUnreadBody(request: FastifyRequest, linger = LINGER): void {
  const raw = request.raw;
  if (!hasBody(request) || raw.complete || raw.destroyed) return;
  let discarded = 0;
  const cut = () => {
    clearTimeout(timer);
    raw.destroy();
  };
  const timer = setTimeout(cut, linger.ms);
  timer.unref();
  raw.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > linger.bytes) cut();
  });
  raw.once('end', () => clearTimeout(timer));
  raw.once('close', () => clearTimeout(timer));
  raw.resume();
}

/**
 * An `onSend` hook: every refusal (a status of 400 or more) of a request whose
 * body is not all read yet (refused at `onRequest` by the key check, a limit or a
 * declared size; by the quota before an upload is received; or mid-body) lingers
 * over the rest. One hook, so no refusal can forget it.
 */
export async function discardRefusedBody(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode >= 400) discardUnreadBody(request);
  return payload;
}
