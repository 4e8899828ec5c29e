import { rateLimited } from '../core/errors';
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
