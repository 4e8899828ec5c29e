// Request ids: the client's own `x-request-id` when it is well formed, else a fresh
// `req_<hex>`. Fastify logs it on every line of the request (`request_id`), every
// response carries it, and the workflows a request starts keep it in their memo.
import type { IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A client's id is kept when it is 1 to 128 of these characters (safe in logs, headers and Temporal memos). */
export const CLIENT_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Fastify's `genReqId`. */
export function requestIdOf(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && CLIENT_REQUEST_ID.test(header) ? header : `req_${randomBytes(12).toString('hex')}`;
}

/**
 * An `onRequest` hook that puts the id on the response. It is set on the raw response,
 * so the hijacked chat replies (which write their own head) and every error carry it too.
 */
export async function requestIdHeader(request: FastifyRequest, reply: FastifyReply) {
  reply.raw.setHeader('x-request-id', request.id);
}
