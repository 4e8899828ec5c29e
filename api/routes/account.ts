import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorBody } from '../../core/wire/common';
import { NoContent } from '../../core/wire/scans';
import { ChangePasswordBody, CloseAccountBody, ClosingAccount, PasswordChanged } from '../../core/wire/account';
import { changePassword } from '../../services/change-password';
import { closeAccount } from '../../services/close-account';
import type { AppDeps } from '../../services/ports';
import { rateLimitHook, requireKey } from '../auth';
import { LIMITS } from '../../core/plans';

/**
 * Both run a password check (scrypt) when the account has one, so both count in the key's
 * per-minute submissions, like every keyed write, and answer with its `x-ratelimit-*` headers.
 */
const submissions = (deps: AppDeps) => rateLimitHook(deps, 'submit', LIMITS.scanSubmissionsPerMinute);

/** `DELETE /v1/account` (services/close-account.ts) and `PUT /v1/account/password`. */
export async function accountRoutes(app: FastifyInstance, deps: AppDeps) {
  passwordRoute(app, deps);
  app.withTypeProvider<TypeBoxTypeProvider>().delete(
    '/v1/account',
    {
      onRequest: [requireKey(deps), submissions(deps)],
      schema: {
        body: CloseAccountBody,
        response: { 204: NoContent, 202: ClosingAccount, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const outcome = await closeAccount(deps, { account: request.account, email, password, requestId: request.id });
      if (outcome === 'closing') return reply.code(202).send({ account_id: request.account._id, status: 'closing' });
      return reply.code(204).send(null);
    },
  );
}

/**
 * `PUT /v1/account/password` (services/change-password.ts): sets the website password
 * with the key; the current one is needed once the account has one. Every website
 * session of the account is signed out (the key is no session to keep).
 */
function passwordRoute(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<TypeBoxTypeProvider>().put(
    '/v1/account/password',
    {
      onRequest: [requireKey(deps), submissions(deps)],
      schema: { body: ChangePasswordBody, response: { 200: PasswordChanged, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody } },
    },
    async (request) => {
      const { password, current_password: currentPassword } = request.body;
      const changed = await changePassword(deps, { accountId: request.account._id, password, ...(currentPassword === undefined ? {} : { currentPassword }) });
      return { status: changed.result, signed_out_sessions: changed.signedOut };
    },
  );
}
