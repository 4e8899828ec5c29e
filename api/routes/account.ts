import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorBody } from '../../core/wire/common';
import { NoContent } from '../../core/wire/scans';
import { CloseAccountBody, ClosingAccount } from '../../core/wire/account';
import { closeAccount } from '../../services/close-account';
import type { AppDeps } from '../../services/ports';
import { requireKey } from '../auth';

/** `DELETE /v1/account` (services/close-account.ts). */
export async function accountRoutes(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<TypeBoxTypeProvider>().delete(
    '/v1/account',
    {
      onRequest: [requireKey(deps)],
      schema: { body: CloseAccountBody, response: { 204: NoContent, 202: ClosingAccount, 400: ErrorBody, 401: ErrorBody } },
    },
    async (request, reply) => {
      const { email } = request.body;
      const outcome = await closeAccount(deps, { account: request.account, email, requestId: request.id });
      if (outcome === 'closing') return reply.code(202).send({ account_id: request.account._id, status: 'closing' });
      return reply.code(204).send(null);
    },
  );
}
