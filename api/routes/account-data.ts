import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorBody } from '../../core/wire/common';
import { PutRetentionBody, RetentionSetting } from '../../core/wire/account';
import { AccountExportQuery } from '../../core/wire/export';
import { sendAccountArchive } from '../../http/account-archive';
import { admitAccountArchive } from '../../services/export-account';
import type { AppDeps } from '../../services/ports';
import { retentionSetting, setRetentionSetting } from '../../services/retention-setting';
import { countRequest, rateLimitHook, requireKey } from '../auth';

/** The account's data settings and archive (issue 22 items 6 and 7): `/v1/account/retention`, `/v1/account/export`. */
export async function accountDataRoutes(scope: FastifyInstance, deps: AppDeps) {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const auth = requireKey(deps);
  // Counted in the key's per-minute reads like every keyed route, with its `x-ratelimit-*` headers.
  const reads = rateLimitHook(deps, 'read', deps.config.scanReadsPerMinute);

  app.get(
    '/v1/account/retention',
    { onRequest: [auth, reads], schema: { response: { 200: RetentionSetting, 401: ErrorBody, 429: ErrorBody } } },
    async (request) => retentionSetting(deps, request.account._id),
  );

  app.put(
    '/v1/account/retention',
    { onRequest: [auth, reads], schema: { body: PutRetentionBody, response: { 200: RetentionSetting, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody } } },
    async (request) => setRetentionSetting(deps, request.account._id, request.body),
  );

  app.get(
    '/v1/account/export',
    {
      onRequest: [auth],
      // 200 is the tar stream itself.
      schema: { querystring: AccountExportQuery, response: { 200: {}, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody } },
    },
    async (request, reply) => {
      await countRequest(deps, request, 'read', deps.config.scanReadsPerMinute);
      return sendAccountArchive(reply, await admitAccountArchive(deps, request.account._id, { media: request.query.media === '1' }));
    },
  );
}
