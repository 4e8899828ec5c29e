// Reading the signed-in session behind the `hl_session` cookie. The website's
// pages and the JSON routes its scripts call (publish, the scans page's
// submissions) all read it, so it lives in http/; the website's own side of
// sessions (the cookie's writing, sign-out, CSRF, forms) is in web/session.ts.
import type { FastifyInstance } from 'fastify';
import type { AccountDoc } from '../store/accounts';
import type { AppDeps } from '../services/ports';
import type { SessionDoc } from '../store/sessions';

export const SESSION_COOKIE = 'hl_session';

export interface WebSession {
  account: AccountDoc;
  session: SessionDoc;
  token: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user on routes that read the session (`useSessions`), null when there is none. */
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
