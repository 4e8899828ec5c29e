// The failures of a call, one class per kind, all `HoldlineError`s. The signal
// interface answers errors as `{detail}`, the model interface (chat, models,
// usage) as `{error: {message, type, param, code}}`; both land in `detail`,
// the second also in `code`, `type` and `param`.

export interface HoldlineErrorInit {
  /** HTTP status; 0 when no answer came (unreachable, cancelled). */
  status: number;
  detail: string;
  /** The model interface's `error.code` (e.g. `quota_exceeded`, `rate_limit`), when given. */
  code?: string | null;
  type?: string | null;
  param?: string | null;
  /** Seconds to wait before trying again, from `Retry-After`. */
  retryAfter?: number;
  /** The service's `x-request-id`, to quote to its operator. */
  requestId?: string;
}

export class HoldlineError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly code: string | null;
  readonly type: string | null;
  readonly param: string | null;
  readonly retryAfter: number | undefined;
  readonly requestId: string | undefined;

  constructor(init: HoldlineErrorInit) {
    // The message is the service's own sentence; the status is a field, not a prefix.
    super(init.detail);
    this.name = new.target.name;
    this.status = init.status;
    this.detail = init.detail;
    this.code = init.code ?? null;
    this.type = init.type ?? null;
    this.param = init.param ?? null;
    this.retryAfter = init.retryAfter;
    this.requestId = init.requestId;
  }
}

/** The service could not be reached (connection refused, DNS, TLS); `status` 0. */
export class ConnectionError extends HoldlineError {}
/** The call was refused before anything was sent (no such file, neither `file` nor `url`); `status` 0. */
export class InvalidArgumentError extends HoldlineError {}
/** 400: the request is malformed; `detail` says which part. */
export class BadRequestError extends HoldlineError {}
/** 401: no key, or a key the service does not know. */
export class AuthenticationError extends HoldlineError {}
/** 403: the key's plan does not allow this (e.g. recuts outside the Agents plan). */
export class PermissionDeniedError extends HoldlineError {}
export class NotFoundError extends HoldlineError {}
/** 409: the resource is not in a state that allows this, or an Idempotency-Key was reused for another request. */
export class ConflictError extends HoldlineError {}
/** 413: the upload is over the size limit. */
export class PayloadTooLargeError extends HoldlineError {}
/** 429: a rate limit or the monthly quota; `retryAfter` says when. */
export class RateLimitError extends HoldlineError {}
/** 503: the service (or the part this needs) is not ready; `retryAfter` when it knows. */
export class ServiceUnavailableError extends HoldlineError {}
/** Any other 5xx. */
export class InternalServerError extends HoldlineError {}

/** `scans.wait` / `recuts.wait` gave up before the work ended; the work goes on. `last` is the last state seen. */
export class WaitTimeoutError<T = unknown> extends Error {
  constructor(
    readonly id: string,
    readonly last: T,
    readonly timeoutMs: number,
  ) {
    super(`${id} had not finished after ${timeoutMs} ms of waiting; it goes on, read it later`);
    this.name = 'WaitTimeoutError';
  }
}

/**
 * The wait's end, or the last state seen when the wait ran out of time: for a
 * caller that reports a scan or recut still running instead of failing (the work goes on).
 */
export async function untilTimeout<State>(wait: () => Promise<State>): Promise<State> {
  try {
    return await wait();
  } catch (error) {
    if (error instanceof WaitTimeoutError) return error.last as State;
    throw error;
  }
}

const BY_STATUS: Record<number, typeof HoldlineError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  413: PayloadTooLargeError,
  429: RateLimitError,
  503: ServiceUnavailableError,
};

/** The error for a non-2xx answer, its body read as `{detail}`, the OpenAI shape, or neither (a proxy's HTML page). */
export function errorFromResponse(status: number, body: string, headers: { get(name: string): string | null }, now = Date.now()): HoldlineError {
  const init: HoldlineErrorInit = { status, detail: `the service answered with status ${status}` };
  try {
    const parsed = JSON.parse(body) as { detail?: unknown; error?: { message?: unknown; code?: unknown; type?: unknown; param?: unknown } };
    if (typeof parsed.detail === 'string') init.detail = parsed.detail;
    else if (typeof parsed.error?.message === 'string') {
      init.detail = parsed.error.message;
      if (typeof parsed.error.code === 'string') init.code = parsed.error.code;
      if (typeof parsed.error.type === 'string') init.type = parsed.error.type;
      if (typeof parsed.error.param === 'string') init.param = parsed.error.param;
    }
  } catch {
    // Not JSON: the status sentence stays.
  }
  const retryAfter = retryAfterSeconds(headers.get('retry-after'), now);
  if (retryAfter !== undefined) init.retryAfter = retryAfter;
  const requestId = headers.get('x-request-id');
  if (requestId) init.requestId = requestId;
  const Kind = BY_STATUS[status] ?? (status >= 500 ? InternalServerError : HoldlineError);
  return new Kind(init);
}

/** `Retry-After` as seconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}
