import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../core/errors';
import type { AccountDoc } from '../store/accounts';
import type { AppDeps } from '../services/ports';
import { enforcePublicReadLimit, enforceRateLimit, rateLimitHeaders, type RateWindow } from '../services/rate-limit';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireKey` on keyed routes. */
    account: AccountDoc;
    keyHash: string;
    /** The rate window this keyed request was counted in, for its `x-ratelimit-*` headers. */
    rateWindow?: RateWindow;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * An `onRequest` hook that admits only a live `sk_sig_` key: it runs before
 * Fastify reads or parses a body, so a keyless upload is refused with 401
 * before a byte of it is stored or parsed.
 */
export function requireKey(deps: Pick<AppDeps, 'accounts'>) {
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const key = header ? BEARER.exec(header)?.[1] : undefined;
    if (!key) throw unauthorized('missing API key: send Authorization: Bearer sk_sig_…');
    const found = key.startsWith('sk_sig_') ? await deps.accounts.authenticate(key) : null;
    if (!found) throw unauthorized('invalid or revoked API key');
    request.account = found.account;
    request.keyHash = found.keyHash;
  };
}

/** A keyed route's per-minute limit (after `requireKey`); at onRequest it runs before Fastify reads a byte of the body. */
export const rateLimitHook = (deps: Pick<AppDeps, 'rateLimiter' | 'now'>, kind: 'submit' | 'read', perMinute: number) => async (request: FastifyRequest) =>
  countRequest(deps, request, kind, perMinute);

/** Counts `request` in its key's per-minute window (429 past it), noting the window for the response's headers. */
export const countRequest = (deps: Pick<AppDeps, 'rateLimiter' | 'now'>, request: FastifyRequest, kind: 'submit' | 'read', perMinute: number) =>
  enforceRateLimit(deps, request.keyHash, kind, perMinute, (window) => {
    request.rateWindow = window;
  });

/** Counts a keyless read in its client address's per-minute window (429 past it), noting the window for the response's headers. */
export const countPublicRead = (deps: Pick<AppDeps, 'rateLimiter' | 'now' | 'config'>, request: FastifyRequest) =>
  enforcePublicReadLimit(deps, request.ip, (window) => {
    request.rateWindow = window;
  });

/**
 * An `onSend` hook: every response to a counted request, refusals included, carries
 * `x-ratelimit-limit`, `x-ratelimit-remaining` and `x-ratelimit-reset` (seconds) of its window.
 * (Hijacked replies write them themselves: api/chat-reply.ts.)
 */
export async function rateLimitHeadersHook(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (request.rateWindow) reply.headers(rateLimitHeaders(request.rateWindow));
  return payload;
}
