import type { FastifyInstance } from 'fastify';
import { CloseAccountBody, ClosingAccount } from '../../core/wire/account';
import { closeAccount } from '../../services/close-account';
import type { AppDeps } from '../../services/ports';
import { requireKey } from '../auth';
import * as schemas from '../schemas';

/** `DELETE /v1/account` (services/close-account.ts). */
export async function accountRoutes(app: FastifyInstance, deps: AppDeps) {
  app.delete(
    '/v1/account',
    {
      onRequest: [requireKey(deps)],
      schema: { body: CloseAccountBody, response: { 204: schemas.noContent, 202: ClosingAccount, 400: schemas.errorBody, 401: schemas.errorBody } },
    },
    async (request, reply) => {
      const { email } = request.body as CloseAccountBody;
      const outcome = await closeAccount(deps, { account: request.account, email, requestId: request.id });
      if (outcome === 'closing') return reply.code(202).send({ account_id: request.account._id, status: 'closing' });
      return reply.code(204).send();
    },
  );
}
