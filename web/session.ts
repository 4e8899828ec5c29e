import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../core/errors';
import { SESSION_COOKIE } from '../http/session';
import type { SessionsPort } from '../services/ports';
import { SESSION_TTL_MS, type SessionDoc } from '../store/sessions';

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
