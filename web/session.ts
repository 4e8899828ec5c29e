import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccountDoc } from '../store/accounts';
import { badRequest } from '../core/errors';
import type { AppDeps, SessionsPort } from '../services/ports';
import { SESSION_TTL_MS, type SessionDoc } from '../store/sessions';

export const SESSION_COOKIE = 'hl_session';

export interface WebSession {
  account: AccountDoc;
  session: SessionDoc;
  token: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user on website routes, null when there is none. */
    webSession: WebSession | null;
  }
}

/** Cookie header → name/value pairs; the first of repeated names wins, malformed pairs are skipped. */
export function parseCookies(header: string | undefined): Record<string, string> {
  // No prototype: a cookie named `__proto__` or `constructor` is just a name.
  const cookies: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    if (!name || Object.hasOwn(cookies, name)) continue;
    try {
      cookies[name] = decodeURIComponent(value);
    } catch {
      // A value with a bad escape is not one of ours.
    }
  }
  return cookies;
}

/** An `application/x-www-form-urlencoded` body → fields; the first of repeated names wins. */
export function parseForm(body: string): Record<string, string> {
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, value] of new URLSearchParams(body)) {
    if (!Object.hasOwn(fields, name)) fields[name] = value;
  }
  return fields;
}

/**
 * Behind a trusted proxy the service is reached over the proxy's TLS, so cookies
 * are always `Secure`; without one, only when the socket itself is TLS.
 */
export const secureCookies = (request: FastifyRequest, trustProxy: boolean) => trustProxy || request.protocol === 'https';

export function sessionCookie(token: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${SESSION_TTL_MS / 1000}${secure ? '; Secure' : ''}`;
}

export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`;
}

/** Starts a session for the account and sets its cookie on the reply. */
export async function startSession(sessions: SessionsPort, reply: FastifyReply, accountId: string, now: Date, secure: boolean): Promise<SessionDoc> {
  const { token, session } = await sessions.create(accountId, now);
  reply.header('set-cookie', sessionCookie(token, secure));
  return session;
}

export async function endSession(sessions: SessionsPort, request: FastifyRequest, reply: FastifyReply, secure: boolean): Promise<void> {
  if (request.webSession) await sessions.remove(request.webSession.token);
  reply.header('set-cookie', clearedSessionCookie(secure));
}

/** Equal-time comparison of a posted CSRF token with the session's. */
export function csrfMatches(session: SessionDoc, posted: string | undefined): boolean {
  if (!posted) return false;
  const a = Buffer.from(posted);
  const b = Buffer.from(session.csrf);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Refuses a form post whose CSRF token is not the session's (every signed-in form carries it). */
export function assertCsrf(session: SessionDoc, form: Record<string, string | undefined> | undefined): void {
  if (!csrfMatches(session, form?.csrf)) throw badRequest('This form has expired; go back, reload the page and try again.');
}

/**
 * Adds `request.webSession` to every route of `app`'s scope: the signed-in
 * account behind a live `hl_session` cookie, or null.
 */
export function useSessions(app: FastifyInstance, deps: Pick<AppDeps, 'accounts' | 'sessions' | 'now'>) {
  app.decorateRequest('webSession', null);
  app.addHook('onRequest', async (request) => {
    const token = parseCookies(request.headers.cookie)[SESSION_COOKIE];
    if (!token || !/^[0-9a-f]{64}$/.test(token)) return;
    const session = await deps.sessions.find(token, deps.now());
    const account = session ? await deps.accounts.byId(session.account_id) : null;
    // An account being closed is signed out everywhere at once (its sessions go with it shortly).
    if (!session || !account || account.closing_at) return;
    request.webSession = { account, session, token };
    // For the account page's list of sessions; a failed note costs the request nothing.
    await deps.sessions
      .touch(session, deps.now(), request.ip)
      .catch((error: unknown) => request.log.warn({ err: error }, "noting a session's last request failed"));
  });
}
