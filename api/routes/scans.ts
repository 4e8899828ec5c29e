import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound } from '../../core/errors';
import { LIMITS } from '../../core/plans';
import { idempotencyKeyOf, jsonFingerprint, type IdempotencyInput } from '../../services/idempotency';
import type { AppDeps } from '../../services/ports';
import { historyRow, pageOf, scanView } from '../../services/scan-view';
import { cleanTitle, submitScan, type ScanSubmission } from '../../services/submit-scan';
import { cancelScan } from '../../services/cancel-scan';
import { deleteScan } from '../../services/delete-scan';
import { rateLimitHook, requireKey } from '../auth';
import { ErrorBody, IdParams } from '../../core/wire/common';
import { pageRequest } from '../../core/paging';
import { ScanViewBody } from '../../core/wire/read';
import { DeletingScan, HistoryBody, HistoryQuery, NoContent, QueuedScan, SubmitScanBody } from '../../core/wire/scans';
import { receiveUpload, refuseDeclaredTooLarge, UploadWatch } from '../../http/upload';

const err = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody, 429: ErrorBody };

/**
 * `POST /v1/scans` (services/submit-scan.ts), `GET /v1/scans/:id`, the history `GET /v1/scans`,
 * `DELETE /v1/scans/:id` (services/delete-scan.ts) and `POST /v1/scans/:id/cancel` (services/cancel-scan.ts).
 */
export async function scanRoutes(scope: FastifyInstance, deps: AppDeps) {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const auth = requireKey(deps);
  const reads = rateLimitHook(deps, 'read', deps.config.scanReadsPerMinute);

  // The body schema is per content type (JSON only), which the type provider does not read: the generic says the
  // route's types from the same schemas (a generic replaces the provider's inference for the whole route). A
  // text/plain body is parsed by Fastify's default parser and reaches the handler unvalidated, as a string.
  app.post<{ Body: SubmitScanBody | string | undefined; Reply: QueuedScan | ErrorBody }>(
    '/v1/scans',
    {
      onRequest: [auth, rateLimitHook(deps, 'submit', LIMITS.scanSubmissionsPerMinute), refuseDeclaredTooLarge(deps)],
      // Multipart bodies are streamed and checked part by part in receiveUpload.
      schema: { body: { content: { 'application/json': { schema: SubmitScanBody } } }, response: { 202: QueuedScan, ...err, 503: ErrorBody } },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.raw.rawHeaders);
      // A JSON body's fingerprint is known now; an upload's once its bytes are read (http/upload.ts).
      const idempotency: IdempotencyInput | undefined =
        key === undefined ? undefined : { key, fingerprint: request.isMultipart() ? null : jsonFingerprint('POST /v1/scans', request.body) };
      const watch = new UploadWatch(request, deps.config);
      try {
        const queued = await submitScan(deps, {
          expects: request.isMultipart() ? 'upload' : 'url',
          idempotency,
          requestId: request.id,
          account: request.account,
          receive: async (scanId) => {
            try {
              return await (request.isMultipart() ? receiveUpload(request, deps, scanId, watch) : jsonSubmission(request.body));
            } finally {
              watch.stop();
            }
          },
          log: request.log,
          abandoned: () => watch.cutOff !== null,
        });
        if (idempotency?.replayed) reply.header('idempotent-replayed', 'true');
        return await reply.code(202).send(queued);
      } catch (error) {
        // A refusal (scans in flight, quota) is answered; what is left of its body is thrown away (http/unread-body.ts).
        if (!watch.cutOff) throw error;
        // A stalled or vanished client gets no answer: its connection is closed once nothing of it is left.
        request.log.warn({ reason: watch.cutOff }, 'upload cut off');
        request.raw.destroy();
        return reply;
      }
    },
  );

  app.get('/v1/scans/:id', { onRequest: [auth, reads], schema: { params: IdParams, response: { 200: ScanViewBody, ...err } } }, async (request) => {
    const { id } = request.params;
    const doc = await deps.scans.getOwned(id, request.account._id);
    if (!doc) throw notFound(`no scan ${id}`);
    return scanView(doc);
  });

  app.delete(
    '/v1/scans/:id',
    {
      onRequest: [auth, reads],
      schema: { params: IdParams, response: { 204: NoContent, 202: DeletingScan, ...err } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const outcome = await deleteScan(deps, { accountId: request.account._id, scanId: id, requestId: request.id, log: request.log });
      if (outcome === 'not_found') throw notFound(`no scan ${id}`);
      if (outcome === 'deleting') return reply.code(202).send({ scan_id: id, status: 'deleting' });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v1/scans/:id/cancel',
    { onRequest: [auth, reads], schema: { params: IdParams, response: { 200: ScanViewBody, 202: ScanViewBody, ...err } } },
    async (request, reply) => {
      const { id } = request.params;
      const result = await cancelScan(deps, { accountId: request.account._id, scanId: id, log: request.log });
      if (result.outcome === 'not_found') throw notFound(`no scan ${id}`);
      if (result.outcome === 'ended') throw conflict(`scan ${id} has already ended (${result.status}); only a queued or processing scan can be cancelled`);
      // 202: the cancel was sent and goes on; the scan is shown as it is now (poll it for its `cancelled` end).
      return reply.code(result.outcome === 'cancelling' ? 202 : 200).send(scanView(result.doc));
    },
  );

  app.get('/v1/scans', { onRequest: [auth, reads], schema: { querystring: HistoryQuery, response: { 200: HistoryBody, ...err } } }, async (request) => {
    const page = pageRequest(request.query, LIMITS.historyDefaultLimit);
    if (page.kind === 'refused') throw badRequest(page.message);
    if (page.kind === 'offset') {
      const { docs, total } = await deps.scans.listOwned(request.account._id, page);
      const rows = pageOf(docs.map(historyRow), page, total);
      return { ...rows, next_cursor: rows.has_more ? (rows.data.at(-1)?.scan_id ?? null) : null };
    }
    const found = await deps.scans.listOwnedAfter(request.account._id, { ...page, status: request.query.status });
    if (!found) throw badRequest(`starting_after names no scan of yours: ${page.startingAfter}`);
    return {
      data: found.docs.map(historyRow),
      limit: page.limit,
      offset: found.offset,
      total: found.total,
      has_more: found.nextCursor !== null,
      next_cursor: found.nextCursor,
    };
  });
}

async function jsonSubmission(body: SubmitScanBody | string | undefined): Promise<ScanSubmission> {
  if (body === undefined || typeof body === 'string') throw badRequest('send a video: JSON {input: {type: "url", url}} or multipart with a "file" part');
  return { type: 'url', url: body.input.url, title: cleanTitle(body.title), webhookUrl: body.webhook_url ?? null };
}
