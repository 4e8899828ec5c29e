// The API's error shapes: OpenAI's on the model interface, `{detail}` everywhere
// else, both with the statuses of the one table in http/errors.ts. The website
// answers its own routes' errors as pages (web/errors.ts).
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type DomainErrorCode } from '../core/errors';
import { domainErrorOf, retryAfterHeader, sendDetail, statusOf } from '../http/errors';

/** OpenAI error `type` for each code, as the official clients expect. */
const OPENAI_TYPE: Record<DomainErrorCode, string> = {
  bad_request: 'invalid_request_error',
  unauthorized: 'invalid_request_error',
  forbidden: 'invalid_request_error',
  not_found: 'invalid_request_error',
  conflict: 'invalid_request_error',
  too_large: 'invalid_request_error',
  rate_limited: 'rate_limit_error',
  quota_exceeded: 'insufficient_quota',
  upstream_unavailable: 'server_error',
  model_unavailable: 'server_error',
  upstream_failed: 'server_error',
  unavailable: 'server_error',
  internal: 'server_error',
};

const OPENAI_CODE: Partial<Record<DomainErrorCode, string>> = {
  unauthorized: 'invalid_api_key',
  too_large: 'request_too_large',
  rate_limited: 'rate_limit',
  quota_exceeded: 'quota_exceeded',
  upstream_unavailable: 'upstream_unavailable',
  model_unavailable: 'model_unavailable',
  upstream_failed: 'upstream_unavailable',
};

/** The model interface speaks OpenAI's error shape; everything else `{detail}`. */
export function isModelInterface(url: string): boolean {
  return /^\/v1\/(chat\/completions|models|usage)(\/|\?|$)/.test(url);
}

/** Answers `error` in the shape the route speaks, with the status of the one table. */
export function sendError(request: FastifyRequest, reply: FastifyReply, error: DomainError) {
  if (!isModelInterface(request.url)) return sendDetail(reply, error);
  const status = statusOf(error.code);
  retryAfterHeader(reply, error);
  if (status === 429 || error.extra.shouldRetry === false) reply.header('x-should-retry', 'false');
  return reply
    .code(status)
    .type('application/json')
    .send({
      error: { message: error.message, type: OPENAI_TYPE[error.code], param: error.extra.param ?? null, code: OPENAI_CODE[error.code] ?? null },
    });
}

export function errorHandler(this: unknown, error: FastifyError | DomainError | Error, request: FastifyRequest, reply: FastifyReply) {
  return sendError(request, reply, domainErrorOf(error, request));
}

/** A route nobody serves, in the API's shape (the app's composition sends browsers the website's page instead). */
export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? '';
  return sendError(request, reply, new DomainError('not_found', `no route ${request.method} ${path}`));
}
