import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../core/errors';
import { RECUT_EXPORT_FORMATS } from '../../core/exports';
import { LIMITS } from '../../core/plans';
import { ErrorBody, IdParams } from '../../core/wire/common';
import { QueuedRecut, RecutBody, RecutList, RecutViewBody } from '../../core/wire/recuts';
import { ExportQuery } from '../../core/wire/scans';
import { exportRecutFile } from '../../services/export-recut';
import { idempotencyKeyOf, jsonFingerprint, type IdempotencyInput } from '../../services/idempotency';
import type { AppDeps } from '../../services/ports';
import { recutView } from '../../services/recut-view';
import { submitRecut } from '../../services/submit-recut';
import { rateLimitHook, requireKey } from '../auth';
import { exportOrigin, exportRequest, sendExport } from './exports';

const err = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody, 503: ErrorBody };

/**
 * `POST /v1/scans/:id/recut` (services/submit-recut.ts), `GET /v1/recuts/:id`, `GET /v1/recuts/:id/export`
 * (services/export-recut.ts) and `GET /v1/scans/:id/recuts`.
 */
export async function recutRoutes(scope: FastifyInstance, deps: AppDeps) {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const auth = requireKey(deps);
  const reads = rateLimitHook(deps, 'read', LIMITS.scanReadsPerMinute);

  // The body schema is per content type (JSON only), which the type provider does not read: the generic says the
  // route's types from the same schemas (a generic replaces the provider's inference for the whole route). A
  // text/plain body is parsed by Fastify's default parser and reaches the handler unvalidated, as a string.
  app.post<{ Params: IdParams; Body: RecutBody | string | undefined; Reply: QueuedRecut | ErrorBody }>(
    '/v1/scans/:id/recut',
    {
      // The key and the minute's window are checked at onRequest, before a byte of the body is read.
      onRequest: [auth, rateLimitHook(deps, 'submit', LIMITS.scanSubmissionsPerMinute)],
      schema: { params: IdParams, body: { content: { 'application/json': { schema: RecutBody } } }, response: { 202: QueuedRecut, ...err } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const sent = request.body ?? {};
      // A text/plain body carries no goal or length: the defaults, as with no body.
      const body = typeof sent === 'string' ? {} : sent;
      const key = idempotencyKeyOf(request.raw.rawHeaders);
      const idempotency: IdempotencyInput | undefined =
        key === undefined ? undefined : { key, fingerprint: jsonFingerprint(`POST /v1/scans/${id}/recut`, sent) };
      const queued = await submitRecut(deps, { account: request.account, scanId: id, body, log: request.log, idempotency, requestId: request.id });
      if (idempotency?.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(202).send(queued);
    },
  );

  app.get('/v1/recuts/:id', { onRequest: [auth, reads], schema: { params: IdParams, response: { 200: RecutViewBody, ...err } } }, async (request) => {
    const { id } = request.params;
    const doc = await deps.recuts.getOwned(id, request.account._id);
    if (!doc) throw notFound(`no recut ${id}`);
    return recutView(deps, doc);
  });

  app.get('/v1/scans/:id/recuts', { onRequest: [auth, reads], schema: { params: IdParams, response: { 200: RecutList, ...err } } }, async (request) => {
    const { id } = request.params;
    const parent = await deps.scans.getOwned(id, request.account._id);
    if (!parent) throw notFound(`no scan ${id}`);
    const docs = await deps.recuts.listForScan(id, request.account._id);
    return { parent_scan_id: id, data: await Promise.all(docs.map((doc) => recutView(deps, doc))) };
  });

  app.get(
    '/v1/recuts/:id/export',
    {
      onRequest: [auth, reads],
      // 200 is the file itself, in the format's own content type.
      schema: {
        params: IdParams,
        querystring: ExportQuery,
        response: { 200: {}, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      // The scan export's handling of format and record_start, origin and reply (api/routes/exports.ts).
      const { format, recordStart } = exportRequest(request.query, RECUT_EXPORT_FORMATS, 'recut export');
      const file = await exportRecutFile(deps, { accountId: request.account._id, recutId: id, format, recordStart, origin: exportOrigin(deps, request) });
      return sendExport(reply, file);
    },
  );
}
