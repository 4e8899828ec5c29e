// One HTTP exchange with the service, retried on 429 and 503 when that is
// safe: GET, PUT and DELETE (idempotent), and a POST only when it carries an
// Idempotency-Key (the service then answers a repeat from the first request).

import { ConnectionError, errorFromResponse, HoldlineError } from './errors.js';

export interface RetryOptions {
  /** Retries after the first attempt. Default 2; 0 turns retrying off. */
  maxRetries?: number;
  /** First backoff when the answer has no `Retry-After`, in ms; it doubles per retry. Default 500. */
  baseDelayMs?: number;
  /**
   * Longest wait before a retry, in ms. Default 30 000. An answer whose
   * `Retry-After` asks for longer (a monthly quota) is not retried: the error
   * is thrown at once with its `retryAfter`.
   */
  maxDelayMs?: number;
}

export const DEFAULT_RETRY: Required<RetryOptions> = { maxRetries: 2, baseDelayMs: 500, maxDelayMs: 30_000 };
export const RETRIED_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/**
 * How long to wait before retry number `attempt` (0 for the first retry), or
 * null when there is to be none: `Retry-After` when the service sent it,
 * else exponential backoff with jitter (`random` in [0, 1)), capped.
 */
export function retryDelayMs(attempt: number, retryAfterSec: number | undefined, policy: Required<RetryOptions>, random = Math.random()): number | null {
  if (attempt >= policy.maxRetries) return null;
  if (retryAfterSec !== undefined) {
    const asked = retryAfterSec * 1000;
    return asked > policy.maxDelayMs ? null : asked;
  }
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  // Half fixed, half random: spread out clients that failed together without ever retrying at once.
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}

export interface Exchange {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  /** Send no key (keyless endpoints: a stale key never breaks them). */
  keyless?: boolean;
  accept?: string;
  signal?: AbortSignal;
}

export interface Transport {
  baseUrl: string;
  apiKey: string | undefined;
  retry: Required<RetryOptions>;
  userAgent: string;
  fetch: typeof fetch;
}

/** Whether `hostname` (as `URL` gives it) is this machine: `localhost`, 127.0.0.0/8 or `[::1]`. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

let warnedPlainHttp = false;

/**
 * Warns once per process when an API key is about to travel over plain `http` to a host
 * that is not this machine: anyone on the path can read it and use it. (Loopback is the
 * local stack's normal address, so it stays quiet.)
 */
export function warnIfKeyInTheClear(url: URL, warn: (message: string) => void = (message) => process.emitWarning(message, 'HoldlineWarning')): void {
  if (warnedPlainHttp || url.protocol !== 'http:' || isLoopbackHost(url.hostname)) return;
  warnedPlainHttp = true;
  warn(`the API key is sent over plain http to ${url.host}, where anyone on the path can read it; use an https base URL`);
}

/** The answer to `exchange`, 2xx; anything else becomes the matching `HoldlineError` after the allowed retries. */
export async function send(transport: Transport, exchange: Exchange): Promise<Response> {
  const url = new URL(`${transport.baseUrl}${exchange.path}`);
  for (const [name, value] of Object.entries(exchange.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
  const headers: Record<string, string> = { accept: exchange.accept ?? 'application/json', 'user-agent': transport.userAgent, ...exchange.headers };
  if (transport.apiKey && !exchange.keyless) {
    warnIfKeyInTheClear(url);
    headers.authorization = `Bearer ${transport.apiKey}`;
  }
  let body: string | FormData | undefined;
  if (exchange.form) body = exchange.form;
  else if (exchange.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(exchange.json);
  }
  const retriable = exchange.method !== 'POST' || Object.keys(headers).some((name) => name.toLowerCase() === 'idempotency-key');
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      // The API never redirects: a redirect means a wrong base URL (or someone in the way), and following it
      // would carry the key and the body to wherever it points.
      response = await transport.fetch(url, { method: exchange.method, headers, body, signal: exchange.signal, redirect: 'error' });
    } catch (error) {
      if (exchange.signal?.aborted) throw exchange.signal.reason;
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      if (cause?.message === 'unexpected redirect') {
        throw new ConnectionError({
          status: 0,
          detail: `${transport.baseUrl} answered ${exchange.method} ${exchange.path} with a redirect, which the Holdline API never sends: check the base URL (nothing was followed)`,
        });
      }
      throw new ConnectionError({
        status: 0,
        detail: `cannot reach Holdline at ${transport.baseUrl}: ${cause?.code ?? cause?.message ?? (error as Error).message}`,
      });
    }
    if (response.ok) return response;
    const failure = errorFromResponse(response.status, await response.text(), response.headers);
    // The model interface sends `x-should-retry: false` with the 429s a retry cannot cure.
    const refused = response.headers.get('x-should-retry') === 'false';
    const delay = retriable && !refused && RETRIED_STATUSES.has(response.status) ? retryDelayMs(attempt, failure.retryAfter, transport.retry) : null;
    if (delay === null) throw failure;
    await sleep(delay, exchange.signal);
  }
}

/** The JSON body of a 2xx answer. */
export async function sendJson<T>(transport: Transport, exchange: Exchange): Promise<T> {
  const response = await send(transport, exchange);
  const text = await response.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new HoldlineError({ status: response.status, detail: `the service answered ${exchange.method} ${exchange.path} with a body that is not JSON` });
  }
}

/** Resolves after `ms`, or rejects with the signal's reason once it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const aborted = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }, ms);
    signal?.addEventListener('abort', aborted, { once: true });
  });
}
