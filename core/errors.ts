// Domain errors with stable codes. The HTTP layer maps each code to a status in
// one place (http/errors.ts), answered in the API's JSON (api/errors.ts) or as
// the website's pages (web/errors.ts); nothing else picks statuses.

export type DomainErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'rate_limited'
  | 'quota_exceeded'
  | 'upstream_unavailable'
  /** No model server is configured, or the configured one does not answer its health check: the chat is refused before anything is taken. */
  | 'model_unavailable'
  /** The upstream answered, but not usably (5xx, refusals) before anything reached the client. */
  | 'upstream_failed'
  | 'unavailable'
  | 'internal';

export class DomainError extends Error {
  constructor(
    public readonly code: DomainErrorCode,
    message: string,
    /** Extra facts for the response: the offending parameter, seconds to wait. */
    /** `shouldRetry: false`: nothing will change by itself, so clients must not retry (OpenAI's `x-should-retry` header). */
    public readonly extra: { param?: string; retryAfterSec?: number; shouldRetry?: false } = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const badRequest = (message: string, param?: string) => new DomainError('bad_request', message, param === undefined ? {} : { param });
export const unauthorized = (message: string) => new DomainError('unauthorized', message);
export const notFound = (message: string) => new DomainError('not_found', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const tooLarge = (message: string) => new DomainError('too_large', message);
export const rateLimited = (message: string, retryAfterSec: number) => new DomainError('rate_limited', message, { retryAfterSec });
export const quotaExceeded = (message: string, retryAfterSec: number) => new DomainError('quota_exceeded', message, { retryAfterSec });
/** The key is valid but its plan does not include this; the message names the plan that does. */
export const forbidden = (message: string) => new DomainError('forbidden', message);
