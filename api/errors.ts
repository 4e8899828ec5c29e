import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type DomainErrorCode } from '../core/errors';
import { errorPage } from '../web/pages';
import { sendPage, viewerOf } from '../web/page-reply';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How this route's errors are answered: `html` for website pages; else JSON (`{detail}`, or OpenAI's shape on the model interface). */
    replies?: 'html';
  }
}

/** Every route registered in `app`'s scope after this answers its errors with an HTML page. */
export function htmlReplies(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, replies: 'html' };
  });
}

const STATUS: Record<DomainErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  quota_exceeded: 429,
  upstream_unavailable: 503,
  model_unavailable: 503,
  upstream_failed: 502,
  unavailable: 503,
  internal: 500,
};

/** The HTTP status of a domain error: the one table every reply shape uses. */
export const statusOf = (code: DomainErrorCode): number => STATUS[code];

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

/** Fastify's own errors (bad JSON, schema, body size) as domain errors. */
function fromFastifyError(error: FastifyError): DomainError | null {
  if (error.validation) {
    const first = error.validation[0];
    const extra = (first?.params as { additionalProperty?: string } | undefined)?.additionalProperty;
    if (first?.keyword === 'additionalProperties' && extra !== undefined) {
      // A field a closed schema does not name (api/unknown-fields.ts names them all first where it can).
      const at = first.instancePath ? first.instancePath.replace(/^\//, '').replace(/\//g, '.') : '';
      const param = at === '' ? extra : `${at}.${extra}`;
      return new DomainError('bad_request', `unknown ${error.validationContext ?? 'request'} field "${param}"`, { param });
    }
    const param = first?.instancePath
      ? first.instancePath.replace(/^\//, '').replace(/\//g, '.')
      : (first?.params as { missingProperty?: string } | undefined)?.missingProperty;
    return new DomainError('bad_request', `${error.validationContext ?? 'request'}${error.message.replace(/^[a-z]+/, '')}`, param ? { param } : {});
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) return new DomainError('too_large', 'request body is too large');
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return new DomainError('bad_request', 'unsupported Content-Type; send application/json or multipart/form-data');
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return new DomainError(error.statusCode === 404 ? 'not_found' : 'bad_request', error.message);
  }
  return null;
}

/** A page's message as a sentence: capitalised, with a full stop (domain messages are written for the API's `detail`). */
const sentence = (message: string) => {
  const text = message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
};

/** Answers `error` in the shape the route speaks, with the status of the one table above. */
export function sendError(request: FastifyRequest, reply: FastifyReply, error: DomainError) {
  const status = STATUS[error.code];
  if (error.extra.retryAfterSec !== undefined) {
    reply.header('retry-after', String(error.extra.retryAfterSec));
  }
  if (request.routeOptions.config?.replies === 'html') {
    // A page that fails on our side is logged (the API's own 5xx are the stack's to report).
    if (status >= 500 && error.code !== 'internal') request.log.error({ err: error }, 'web page failed');
    const message = status >= 500 ? 'Something went wrong on our side; try again shortly.' : sentence(error.message);
    return sendPage(reply, errorPage(viewerOf(request), status, message), status);
  }
  if (isModelInterface(request.url)) {
    if (status === 429 || error.extra.shouldRetry === false) reply.header('x-should-retry', 'false');
    return reply
      .code(status)
      .type('application/json')
      .send({
        error: { message: error.message, type: OPENAI_TYPE[error.code], param: error.extra.param ?? null, code: OPENAI_CODE[error.code] ?? null },
      });
  }
  return reply.code(status).type('application/json').send({ detail: error.message });
}

export function errorHandler(this: unknown, error: FastifyError | DomainError | Error, request: FastifyRequest, reply: FastifyReply) {
  const domain = error instanceof DomainError ? error : fromFastifyError(error as FastifyError);
  if (domain) return sendError(request, reply, domain);
  // Internals never leak on a 5xx: the log has the stack, the client a plain sentence.
  request.log.error({ err: error }, 'unhandled error');
  return sendError(request, reply, new DomainError('internal', 'internal error; try again shortly'));
}

/** A browser asking for a page that does not exist gets a page; API clients get their error shape. */
export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? '';
  const api = path.startsWith('/v1/') || path.startsWith('/api/');
  if (!api && request.method === 'GET' && (request.headers.accept ?? '').includes('text/html')) {
    return reply
      .code(404)
      .type('text/html; charset=utf-8')
      .send(errorPage(null, 404, 'This page does not exist.'));
  }
  return sendError(request, reply, new DomainError('not_found', `no route ${request.method} ${path}`));
}
