import type { AppDeps } from './ports';

/** A signed-in session as the account page lists it (the token and its hash are never shown). */
export interface SessionRow {
  createdAt: Date;
  /** When a request last came with it (noted at most once a minute: store/sessions.ts). */
  lastSeenAt: Date;
  /** The client address of its latest request; null for a session older than that note. */
  clientIp: string | null;
  /** The session looking at the page. */
  current: boolean;
}

/** What the account page's password, sessions and closure forms need to know. */
export interface AccountSecurity {
  sessions: SessionRow[];
  /** False for an account made by `account:create` that has not set one yet. */
  hasPassword: boolean;
  now: Date;
}

/** The account's live sessions, newest first, with `currentSessionId`'s marked. */
export async function accountSecurity(deps: Pick<AppDeps, 'sessions' | 'now'>, accountId: string, currentSessionId: string): Promise<AccountSecurity> {
  const now = deps.now();
  const [sessions, hasPassword] = await Promise.all([deps.sessions.listForAccount(accountId, now), deps.sessions.hasPassword(accountId)]);
  return {
    sessions: sessions.map((session) => ({
      createdAt: session.created_at,
      lastSeenAt: session.last_seen_at ?? session.created_at,
      clientIp: session.client_ip ?? null,
      current: session._id === currentSessionId,
    })),
    hasPassword,
    now,
  };
}

/** Signs out every session of the account but the one asking; returns how many ended. */
export async function signOutOtherSessions(deps: Pick<AppDeps, 'sessions'>, accountId: string, currentSessionId: string): Promise<number> {
  return deps.sessions.removeOthers(accountId, currentSessionId);
}
