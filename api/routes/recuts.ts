import type { FastifyInstance, FastifyRequest } from 'fastify';
import { conflict, DomainError, forbidden, notFound, quotaExceeded, rateLimited } from '../../core/errors';
import { LIMITS, PLANS, monthPeriod, secondsUntil } from '../../core/plans';
import { MIN_SEGMENT_SEC } from '../../core/recut';
import { taskQueues, recutWorkflowId } from '../../workflows/names';
import { newScanId } from '../../store/ids';
import { newRecutId, RecutsStore, type RecutDoc } from '../../store/recuts';
import type { RecutWorkflowInput } from '../../workflows/recut';
import { requireKey } from '../auth';
import type { AppDeps } from '../deps';
import type { AccountDoc } from '../../store/accounts';
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
const recutView = {
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
  properties: { parent_scan_id: str, data: { type: 'array', items: recutView } },
  required: ['parent_scan_id', 'data'],
} as const;

/** Share of the recut's progress the re-scan covers (40 → 95 %). */
const RESCAN_FROM = 40;
const RESCAN_SPAN = 55;

export async function recutRoutes(app: FastifyInstance, deps: AppDeps) {
  const auth = requireKey(deps);
  const recuts = new RecutsStore(deps.db);

  const limitRate = (kind: 'submit' | 'read', perMinute: number) => async (request: FastifyRequest) => {
    const { allowed, retryAfterSec } = await deps.rateLimiter.hit(request.keyHash, kind, perMinute, deps.now());
    if (!allowed) throw rateLimited(`rate limit of ${perMinute} ${kind === 'submit' ? 'submissions' : 'reads'} per minute reached; retry with backoff`, retryAfterSec);
  };

  /** The public view: in flight `{recut_id, status, pct, stage}`, complete the cut and figures, error `{detail}`. */
  async function view(doc: RecutDoc): Promise<Record<string, unknown>> {
    if (doc.status === 'complete') {
      return {
        recut_id: doc.recut_id,
        status: 'complete',
        parent_scan_id: doc.parent_scan_id,
        scan_id: doc.scan_id,
        segments: doc.segments,
        rationale: doc.rationale,
        proposed_by: doc.proposed_by,
        base_model: doc.base_model ?? null,
        before: doc.before,
        after: doc.after,
        goal: doc.goal,
        max_seconds: doc.max_seconds,
        created_at: doc.created_at.toISOString(),
      };
    }
    if (doc.status === 'error') return { recut_id: doc.recut_id, status: 'error', detail: doc.detail ?? 'the recut failed' };
    let pct = doc.pct;
    if (doc.stage === 'rescan') {
      // The re-scan's own progress moves the recut's.
      const child = await deps.scans.get(doc.scan_id);
      if (child) pct = Math.max(pct, Math.round(RESCAN_FROM + (child.pct * RESCAN_SPAN) / 100));
    }
    return { recut_id: doc.recut_id, status: doc.status, pct, stage: doc.stage };
  }

  app.post(
    '/v1/scans/:id/recut',
    {
      preHandler: [auth, limitRate('submit', LIMITS.scanSubmissionsPerMinute)],
      schema: { params: idParams, body: { content: { 'application/json': { schema: recutBody } } }, response: { 202: queuedRecut, ...err } },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const queued = await submitRecut(deps, request.account, id, (request.body ?? {}) as RecutSubmission, request.log);
      return reply.code(202).send(queued);
    },
  );

  app.get(
    '/v1/recuts/:id',
    {
      preHandler: [auth, limitRate('read', LIMITS.scanReadsPerMinute)],
      schema: { params: idParams, response: { 200: recutView, ...err } },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const doc = await recuts.getOwned(id, request.account._id);
      if (!doc) throw notFound(`no recut ${id}`);
      return view(doc);
    },
  );

  app.get(
    '/v1/scans/:id/recuts',
    {
      preHandler: [auth, limitRate('read', LIMITS.scanReadsPerMinute)],
      schema: { params: idParams, response: { 200: recutList, ...err } },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const parent = await deps.scans.getOwned(id, request.account._id);
      if (!parent) throw notFound(`no scan ${id}`);
      const docs = await recuts.listForScan(id, request.account._id);
      return { parent_scan_id: id, data: await Promise.all(docs.map(view)) };
    },
  );
}

export interface RecutSubmission {
  goal?: string;
  max_seconds?: number;
}

/**
 * Admits one recut for the API and the website alike: plan (403), the scan (404, 409),
 * then one unit of the scan quota (429), taken atomically and given back if anything
 * after it fails; then the recut document and its workflow.
 */
export async function submitRecut(
  deps: AppDeps,
  account: AccountDoc,
  scanId: string,
  body: RecutSubmission,
  log: { error(obj: object, msg: string): void },
): Promise<{ recut_id: string; status: 'queued'; parent_scan_id: string }> {
  const recuts = new RecutsStore(deps.db);
  const plan = PLANS[account.plan];
  if (!plan.recutAgent) {
    const having = Object.values(PLANS).filter((p) => p.recutAgent).map((p) => p.name).join(' or ');
    throw forbidden(`the recut agent is part of the ${having} plan; this account is on the ${plan.name} plan`);
  }
  const parent = await deps.scans.getOwned(scanId, account._id);
  if (!parent) throw notFound(`no scan ${scanId}`);
  if (parent.status !== 'complete') throw conflict(`scan ${scanId} is ${parent.status}; only a complete scan can be recut`);
  const durationSec = parent.duration_sec ?? 0;
  if (!(durationSec >= MIN_SEGMENT_SEC)) throw conflict(`scan ${scanId} lasts ${durationSec} s; a recut needs at least ${MIN_SEGMENT_SEC} s`);
  // The re-scan is a scan: it takes one unit of the month's quota now, atomically.
  const now = deps.now();
  if (!(await deps.usage.take(account._id, 'scans', plan.scansPerMonth, now))) {
    const { end } = monthPeriod(now);
    throw quotaExceeded(
      `monthly scan quota of the ${plan.name} plan (${plan.scansPerMonth} scans) is used up, and a recut's re-scan is a scan; it resets on ${end.toISOString().slice(0, 10)}`,
      secondsUntil(now, end),
    );
  }
  const recutId = newRecutId();
  let inserted = false;
  try {
    const goal = body.goal?.trim() ? body.goal.trim() : null;
    const maxSeconds = body.max_seconds ?? null;
    const doc = await recuts.insertQueued({
      recut_id: recutId,
      account_id: account._id,
      parent_scan_id: parent.scan_id,
      scan_id: newScanId(),
      goal,
      max_seconds: maxSeconds,
      created_at: now,
    });
    inserted = true;
    const input: RecutWorkflowInput = {
      recutId,
      parentScanId: parent.scan_id,
      scanId: doc.scan_id,
      durationSec,
      goal,
      maxSeconds,
      priorityKey: plan.priorityQueue ? 1 : 3,
    };
    await deps.temporal.workflow.start('recutWorkflow', {
      taskQueue: taskQueues(deps.config).scans,
      workflowId: recutWorkflowId(recutId),
      args: [input],
      priority: { priorityKey: input.priorityKey },
    });
    return { recut_id: recutId, status: 'queued', parent_scan_id: parent.scan_id };
  } catch (error) {
    // A recut that was not accepted keeps nothing and does not count.
    await Promise.allSettled([deps.usage.giveBack(account._id, 'scans', now), inserted ? recuts.remove(recutId) : Promise.resolve()]);
    if (error instanceof DomainError) throw error;
    log.error({ err: error, recutId }, 'recut submission failed');
    throw new DomainError('unavailable', 'could not queue the recut; try again shortly');
  }
}
