// The website's errors, answered as pages with the statuses of the one table in
// http/errors.ts. The API answers its own in JSON (api/errors.ts).
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { DomainError } from '../core/errors';
import { domainErrorOf, retryAfterHeader, statusOf } from '../http/errors';
import { errorPage } from './pages';
import { sendPage, viewerOf } from './page-reply';

/** A page's message as a sentence: capitalised, with a full stop (domain messages are written for the API's `detail`). */
const sentence = (message: string) => {
  const text = message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
};

/** Answers `error` with the error page of its status. */
export function sendErrorPage(request: FastifyRequest, reply: FastifyReply, error: DomainError) {
  const status = statusOf(error.code);
  retryAfterHeader(reply, error);
  // A page that fails on our side is logged (the API's own 5xx are the stack's to report).
  if (status >= 500 && error.code !== 'internal') request.log.error({ err: error }, 'web page failed');
  const message = status >= 500 ? 'Something went wrong on our side; try again shortly.' : sentence(error.message);
  return sendPage(reply, errorPage(viewerOf(request), status, message), status);
}

/** The error handler of the website's scopes (web/scope.ts): every error is a page. */
export function pageErrorHandler(this: unknown, error: FastifyError | DomainError | Error, request: FastifyRequest, reply: FastifyReply) {
  return sendErrorPage(request, reply, domainErrorOf(error, request));
}

/** A browser asking for a page that does not exist (a GET for HTML outside `/v1/` and `/api/`) is answered with one. */
export function wantsNotFoundPage(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '';
  const api = path.startsWith('/v1/') || path.startsWith('/api/');
  return !api && request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
}

export function sendNotFoundPage(reply: FastifyReply) {
  return sendPage(reply, errorPage(null, 404, 'This page does not exist.'), 404);
}
