import type { FastifyInstance } from 'fastify';
import { notFound } from '../../core/errors';
import { LIMITS } from '../../core/plans';
import { MIN_SEGMENT_SEC } from '../../core/recut';
import { idempotencyKeyOf, jsonFingerprint, type IdempotencyInput } from '../../services/idempotency';
import type { AppDeps } from '../../services/ports';
import { recutView } from '../../services/recut-view';
import { submitRecut, type RecutSubmission } from '../../services/submit-recut';
import { rateLimitHook, requireKey } from '../auth';
import * as schemas from '../schemas';

const num = { type: 'number' } as const;
const str = { type: 'string' } as const;
const err = { 400: schemas.errorBody, 401: schemas.errorBody, 403: schemas.errorBody, 404: schemas.errorBody, 409: schemas.errorBody, 429: schemas.errorBody, 503: schemas.errorBody };

const idParams = { type: 'object', properties: { id: { type: 'string', maxLength: 64 } }, required: ['id'] } as const;

const recutBody = {
  type: 'object',
  properties: {
    goal: { type: 'string', maxLength: 500 },
    max_seconds: { type: 'number', minimum: MIN_SEGMENT_SEC, maximum: 24 * 3600 },
  },
  additionalProperties: false,
} as const;

const queuedRecut = {
  type: 'object',
  properties: { recut_id: str, status: str, parent_scan_id: str },
  required: ['recut_id', 'status', 'parent_scan_id'],
} as const;

const figures = {
  type: 'object',
  properties: { score: num, grade: str, hook: num, dead_seconds: num, duration_sec: num, average_hold: num },
  required: ['score', 'grade', 'hook', 'dead_seconds', 'duration_sec', 'average_hold'],
} as const;

/** One schema for the three recut shapes: only the fields a shape has are present. */
const recutViewSchema = {
  type: 'object',
  properties: {
    recut_id: str,
    status: str,
    pct: num,
    stage: str,
    detail: str,
    parent_scan_id: str,
    scan_id: str,
    segments: { type: 'array', items: { type: 'object', properties: { start: num, end: num }, required: ['start', 'end'] } },
    rationale: str,
    proposed_by: { type: 'string', enum: ['model', 'rules'] },
    base_model: { type: ['string', 'null'] },
    before: figures,
    after: figures,
    goal: { type: ['string', 'null'] },
    max_seconds: { type: ['number', 'null'] },
    created_at: str,
  },
  required: ['recut_id', 'status'],
} as const;

const recutList = {
  type: 'object',
  properties: { parent_scan_id: str, data: { type: 'array', items: recutViewSchema } },
  required: ['parent_scan_id', 'data'],
} as const;

/** `POST /v1/scans/:id/recut` (services/submit-recut.ts), `GET /v1/recuts/:id` and `GET /v1/scans/:id/recuts`. */
export async function recutRoutes(app: FastifyInstance, deps: AppDeps) {
  const auth = requireKey(deps);
  const reads = rateLimitHook(deps, 'read', LIMITS.scanReadsPerMinute);

  app.post(
    '/v1/scans/:id/recut',
    {
      // The key and the minute's window are checked at onRequest, before a byte of the body is read.
      onRequest: [auth, rateLimitHook(deps, 'submit', LIMITS.scanSubmissionsPerMinute)],
      schema: { params: idParams, body: { content: { 'application/json': { schema: recutBody } } }, response: { 202: queuedRecut, ...err } },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const body = (request.body ?? {}) as RecutSubmission;
      const key = idempotencyKeyOf(request.raw.rawHeaders);
      const idempotency: IdempotencyInput | undefined = key === undefined ? undefined : { key, fingerprint: jsonFingerprint(`POST /v1/scans/${id}/recut`, body) };
      const queued = await submitRecut(deps, { account: request.account, scanId: id, body, log: request.log, idempotency, requestId: request.id });
      if (idempotency?.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(202).send(queued);
    },
  );

  app.get('/v1/recuts/:id', { onRequest: [auth, reads], schema: { params: idParams, response: { 200: recutViewSchema, ...err } } }, async (request) => {
    const { id } = request.params as { id: string };
    const doc = await deps.recuts.getOwned(id, request.account._id);
    if (!doc) throw notFound(`no recut ${id}`);
    return recutView(deps, doc);
  });

  app.get('/v1/scans/:id/recuts', { onRequest: [auth, reads], schema: { params: idParams, response: { 200: recutList, ...err } } }, async (request) => {
    const { id } = request.params as { id: string };
    const parent = await deps.scans.getOwned(id, request.account._id);
    if (!parent) throw notFound(`no scan ${id}`);
    const docs = await deps.recuts.listForScan(id, request.account._id);
    return { parent_scan_id: id, data: await Promise.all(docs.map((doc) => recutView(deps, doc))) };
  });
}
