import { rateLimited } from '../core/errors';
import { hashSecret } from '../store/ids';
import type { AppDeps } from './ports';

/** The window a keyed response reports in its `x-ratelimit-*` headers. */
export interface RateWindow {
  limit: number;
  remaining: number;
  /** Seconds until the window resets (at least 1). */
  resetSec: number;
}

/** The `x-ratelimit-*` headers of `window`. */
export const rateLimitHeaders = (window: RateWindow): Record<string, string> => ({
  'x-ratelimit-limit': String(window.limit),
  'x-ratelimit-remaining': String(window.remaining),
  'x-ratelimit-reset': String(window.resetSec),
});

/**
 * Counts one request of `kind` against the key's per-minute window and refuses
 * it (429 with Retry-After) past `perMinute`; every keyed API route uses this one check.
 * `report` receives the window either way, for the response's headers.
 */
export async function enforceRateLimit(
  deps: Pick<AppDeps, 'rateLimiter' | 'now'>,
  keyHash: string,
  kind: 'submit' | 'read',
  perMinute: number,
  report?: (window: RateWindow) => void,
): Promise<void> {
  const { allowed, retryAfterSec, count } = await deps.rateLimiter.hit(keyHash, kind, perMinute, deps.now());
  report?.({ limit: perMinute, remaining: Math.max(0, perMinute - count), resetSec: retryAfterSec });
  if (!allowed) {
    throw rateLimited(`rate limit of ${perMinute} ${kind === 'submit' ? 'submissions' : 'reads'} per minute reached; retry with backoff`, retryAfterSec);
  }
}

/**
 * Counts one keyless read (the demo, the library list, published media and
 * exports) against the client address's per-minute window and refuses it (429
 * with Retry-After) past `HOLDLINE_PUBLIC_READS_PER_MINUTE`. The address is the
 * socket's, or the proxy's `X-Forwarded-For` entry when HOLDLINE_TRUST_PROXY is set.
 */
export async function enforcePublicReadLimit(
  deps: Pick<AppDeps, 'rateLimiter' | 'now' | 'config'>,
  clientIp: string,
  report?: (window: RateWindow) => void,
): Promise<void> {
  const perMinute = deps.config.publicReadsPerMinute;
  const { allowed, retryAfterSec, count } = await deps.rateLimiter.hit(hashSecret(`public-read:${clientIp}`), 'public-read', perMinute, deps.now());
  report?.({ limit: perMinute, remaining: Math.max(0, perMinute - count), resetSec: retryAfterSec });
  if (!allowed) throw rateLimited(`rate limit of ${perMinute} reads per minute from one address reached; retry with backoff`, retryAfterSec);
}
