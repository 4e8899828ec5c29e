import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../core/errors';
import type { AccountDoc } from '../store/accounts';
import type { AppDeps } from './deps';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireKey` on keyed routes. */
    account: AccountDoc;
    keyHash: string;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** A preHandler that admits only a live `sk_sig_` key. */
export function requireKey(deps: Pick<AppDeps, 'accounts'>) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const header = request.headers.authorization;
    const key = header ? BEARER.exec(header)?.[1] : undefined;
    if (!key) throw unauthorized('missing API key: send Authorization: Bearer sk_sig_…');
    const found = key.startsWith('sk_sig_') ? await deps.accounts.authenticate(key) : null;
    if (!found) throw unauthorized('invalid or revoked API key');
    request.account = found.account;
    request.keyHash = found.keyHash;
  };
}
