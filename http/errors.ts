// What every error reply shares, whatever its shape (the API's JSON in
// api/errors.ts, the website's pages in web/errors.ts): the one table of codes
// to statuses, Fastify's own errors read as domain errors, and the `{detail}` body.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type DomainErrorCode } from '../core/errors';
import { isLostConnection } from '../store/lost-connection';
import { DocumentLockTimeout } from '../store/point';

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

/**
 * The domain error a route's error is answered as. Anything that is neither
 * ours nor Fastify's is logged with its stack and answered as `internal`:
 * internals never leak on a 5xx, the client gets a plain sentence.
 */
export function domainErrorOf(error: FastifyError | DomainError | Error, request: FastifyRequest): DomainError {
  const domain = error instanceof DomainError ? error : fromFastifyError(error as FastifyError);
  if (domain) return domain;
  // The store out of reach for a moment (a lost connection, a lock held past its wait): 503
  // with Retry-After, which every client retries, rather than a 500.
  if (isLostConnection(error) || error instanceof DocumentLockTimeout) {
    request.log.warn({ err: error }, 'the store was unavailable');
    return new DomainError('unavailable', 'the store is unavailable for a moment; try again shortly', { retryAfterSec: 1 });
  }
  request.log.error({ err: error }, 'unhandled error');
  return new DomainError('internal', 'internal error; try again shortly');
}

/** Every shape of an error reply says how long to wait when the error knows it. */
export function retryAfterHeader(reply: FastifyReply, error: DomainError): void {
  if (error.extra.retryAfterSec !== undefined) reply.header('retry-after', String(error.extra.retryAfterSec));
}

/** `error` as `{detail}` JSON with its status: the API's shape, and that of the JSON routes the website's scripts call. */
export function sendDetail(reply: FastifyReply, error: DomainError) {
  retryAfterHeader(reply, error);
  return reply.code(statusOf(error.code)).type('application/json').send({ detail: error.message });
}

/** The error handler of a scope whose routes all answer `{detail}` JSON (the scans page's submissions). */
export function detailErrorHandler(this: unknown, error: FastifyError | DomainError | Error, request: FastifyRequest, reply: FastifyReply) {
  return sendDetail(reply, domainErrorOf(error, request));
}
