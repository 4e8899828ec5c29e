import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, notFound } from '../../core/errors';
import { LIMITS } from '../../core/plans';
import { idempotencyKeyOf, jsonFingerprint, type IdempotencyInput } from '../../services/idempotency';
import type { AppDeps } from '../../services/ports';
import { historyRow, pageOf, scanView } from '../../services/scan-view';
import { cleanTitle, submitScan, type ScanSubmission } from '../../services/submit-scan';
import { rateLimitHook, requireKey } from '../auth';
import * as schemas from '../schemas';
import { receiveUpload, refuseDeclaredTooLarge, UploadWatch } from '../upload';

const err = { 400: schemas.errorBody, 401: schemas.errorBody, 404: schemas.errorBody, 409: schemas.errorBody, 413: schemas.errorBody, 429: schemas.errorBody };

/** `POST /v1/scans` (services/submit-scan.ts), `GET /v1/scans/:id` and the history `GET /v1/scans`. */
export async function scanRoutes(app: FastifyInstance, deps: AppDeps) {
  const auth = requireKey(deps);
  const reads = rateLimitHook(deps, 'read', deps.config.scanReadsPerMinute);

  app.post(
    '/v1/scans',
    {
      onRequest: [auth, rateLimitHook(deps, 'submit', LIMITS.scanSubmissionsPerMinute), refuseDeclaredTooLarge(deps)],
      // Multipart bodies are streamed and checked part by part in receiveUpload.
      schema: { body: { content: { 'application/json': { schema: schemas.submitScanBody } } }, response: { 202: schemas.queuedScan, ...err, 503: schemas.errorBody } },
    },
    async (request, reply) => {
      let key: string | undefined;
      try {
        key = idempotencyKeyOf(request.raw.rawHeaders);
      } catch (error) {
        // An upload refused before its body is read: the connection closes after the answer.
        if (request.isMultipart()) reply.header('connection', 'close');
        throw error;
      }
      // A JSON body's fingerprint is known now; an upload's once its bytes are read (api/upload.ts).
      const idempotency: IdempotencyInput | undefined =
        key === undefined ? undefined : { key, fingerprint: request.isMultipart() ? null : jsonFingerprint('POST /v1/scans', request.body) };
      const watch = new UploadWatch(request, deps.config);
      try {
        const queued = await submitScan(deps, {
          idempotency,
          requestId: request.id,
          account: request.account,
          receive: async (scanId) => {
            try {
              return await (request.isMultipart() ? receiveUpload(request, deps, scanId, watch) : jsonSubmission(request));
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
        if (!watch.cutOff) throw error;
        // A stalled or vanished client gets no answer: its connection is closed once nothing of it is left.
        request.log.warn({ reason: watch.cutOff }, 'upload cut off');
        request.raw.destroy();
        return reply;
      }
    },
  );

  app.get(
    '/v1/scans/:id',
    { onRequest: [auth, reads], schema: { params: schemas.scanIdParams, response: { 200: schemas.scanView, ...err } } },
    async (request) => {
      const { id } = request.params as { id: string };
      const doc = await deps.scans.getOwned(id, request.account._id);
      if (!doc) throw notFound(`no scan ${id}`);
      return scanView(doc);
    },
  );

  app.get(
    '/v1/scans',
    { onRequest: [auth, reads], schema: { querystring: schemas.historyQuery, response: { 200: schemas.historyBody, ...err } } },
    async (request) => {
      const query = request.query as { limit?: number; offset?: number };
      const page = { limit: query.limit ?? LIMITS.historyDefaultLimit, offset: query.offset ?? 0 };
      const { docs, total } = await deps.scans.listOwned(request.account._id, page);
      const rows = docs.map(historyRow).map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
      return pageOf(rows, page, total);
    },
  );
}

async function jsonSubmission(request: FastifyRequest): Promise<ScanSubmission> {
  const body = request.body as { input?: { type: string; url: string }; title?: string; webhook_url?: string } | undefined;
  if (!body?.input) throw badRequest('send a video: JSON {input: {type: "url", url}} or multipart with a "file" part');
  return { type: 'url', url: body.input.url, title: cleanTitle(body.title), webhookUrl: body.webhook_url ?? null };
}
