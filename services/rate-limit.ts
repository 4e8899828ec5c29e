import { rateLimited } from '../core/errors';
import type { AppDeps } from './ports';

/**
 * Counts one request of `kind` against the key's per-minute window and refuses
 * it (429 with Retry-After) past `perMinute`; every keyed API route uses this one check.
 */
export async function enforceRateLimit(
  deps: Pick<AppDeps, 'rateLimiter' | 'now'>,
  keyHash: string,
  kind: 'submit' | 'read',
  perMinute: number,
): Promise<void> {
  const { allowed, retryAfterSec } = await deps.rateLimiter.hit(keyHash, kind, perMinute, deps.now());
  if (!allowed) {
    throw rateLimited(`rate limit of ${perMinute} ${kind === 'submit' ? 'submissions' : 'reads'} per minute reached; retry with backoff`, retryAfterSec);
  }
}
