import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { MongoError } from 'mongodb';
import { badRequest, DomainError, notFound, quotaExceeded, rateLimited, tooLarge } from '../../core/errors';
import { LIMITS, PLANS, monthPeriod, secondsUntil } from '../../core/plans';
import { taskQueues, scanWorkflowId } from '../../workflows/names';
import { assertPublicUrl, UnsafeUrlError } from '../../net/public-address';
import { newScanId } from '../../store/ids';
import { MediaStore } from '../../store/media';
import { scanView, type ScanDoc, type ScanSource } from '../../store/scans';
import type { ScanWorkflowInput } from '../../workflows/scan-types';
import { requireKey } from '../auth';
import type { AppDeps } from '../deps';
import * as schemas from '../schemas';

const err = { 400: schemas.errorBody, 401: schemas.errorBody, 404: schemas.errorBody, 413: schemas.errorBody, 429: schemas.errorBody };

interface Submission {
  source: ScanSource;
  title: string | null;
  /** Set when the media is already stored (uploads). */
  uploadedBytes?: number;
}

/** Runs `undo` until it succeeds, up to 5 times over about 8 s; the last error is thrown. */
async function retryBriefly(undo: () => Promise<unknown>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await undo();
      return;
    } catch (error) {
      if (attempt >= 4) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
    }
  }
}

export async function scanRoutes(app: FastifyInstance, deps: AppDeps) {
  const auth = requireKey(deps);

  // Key and rate checks run at onRequest, before Fastify reads or parses a byte of the body.
  const limitRate = (kind: 'submit' | 'read', perMinute: number) => async (request: FastifyRequest) => {
    const { allowed, retryAfterSec } = await deps.rateLimiter.hit(request.keyHash, kind, perMinute, deps.now());
    if (!allowed) throw rateLimited(`rate limit of ${perMinute} ${kind === 'submit' ? 'submissions' : 'reads'} per minute reached; retry with backoff`, retryAfterSec);
  };

  app.post(
    '/v1/scans',
    {
      onRequest: [auth, limitRate('submit', LIMITS.scanSubmissionsPerMinute), refuseDeclaredTooLarge(deps)],
      // Multipart bodies are streamed and checked part by part in receiveUpload.
      schema: { body: { content: { 'application/json': { schema: schemas.submitScanBody } } }, response: { 202: schemas.queuedScan, ...err } },
    },
    async (request, reply) => {
      const account = request.account;
      const plan = PLANS[account.plan];
      const now = deps.now();
      if (!(await deps.usage.take(account._id, 'scans', plan.scansPerMonth, now))) {
        const { end } = monthPeriod(now);
        throw quotaExceeded(
          `monthly scan quota of the ${plan.name} plan (${plan.scansPerMonth} scans) is used up; it resets on ${end.toISOString().slice(0, 10)}`,
          secondsUntil(now, end),
        );
      }
      const scanId = newScanId();
      const watch = new UploadWatch(request, deps.config);
      try {
        const submission = request.isMultipart() ? await receiveUpload(request, deps, scanId, watch) : await readJsonSubmission(request, deps);
        watch.stop();
        const doc = await deps.scans.insertQueued({
          scan_id: scanId,
          account_id: account._id,
          title: submission.title,
          source: submission.source,
          priority: plan.priorityQueue,
          created_at: now,
        });
        const input: ScanWorkflowInput = { scanId };
        await deps.temporal.workflow.start('scanWorkflow', {
          taskQueue: taskQueues(deps.config).scans,
          workflowId: scanWorkflowId(scanId),
          args: [input],
          // Lower keys run first; the Agents plan rides the priority queue.
          priority: { priorityKey: plan.priorityQueue ? 1 : 3 },
        });
        return reply.code(202).send({ scan_id: doc.scan_id, status: 'queued', pct: 0 });
      } catch (error) {
        watch.stop();
        // Nothing of a refused submission is kept, and it does not count.
        // Each undo is retried on its own for a few seconds: the failure is often the database
        // itself restarting, and a unit or document left behind would be counted against the customer.
        await Promise.allSettled([
          retryBriefly(() => deps.usage.giveBack(account._id, 'scans', now)),
          retryBriefly(() => deps.media.remove(deps.media.media, MediaStore.mediaId(scanId))),
          // Also when the insert seemed to fail: the store may have applied it before the connection dropped.
          retryBriefly(() => deps.scans.remove(scanId)),
        ]);
        if (watch.cutOff) {
          // A stalled or vanished client gets no answer: its connection is closed once nothing of it is left.
          request.log.warn({ scanId, reason: watch.cutOff }, 'upload cut off');
          request.raw.destroy();
          return reply;
        }
        if (error instanceof DomainError) throw error;
        request.log.error({ err: error, scanId }, 'scan submission failed');
        throw new DomainError('unavailable', 'could not queue the scan; try again shortly');
      }
    },
  );

  app.get(
    '/v1/scans/:id',
    {
      onRequest: [auth, limitRate('read', deps.config.scanReadsPerMinute)],
      schema: { params: schemas.scanIdParams, response: { 200: schemas.scanView, ...err } },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const doc = await deps.scans.getOwned(id, request.account._id);
      if (!doc) throw notFound(`no scan ${id}`);
      return scanView(doc);
    },
  );

  app.get(
    '/v1/scans',
    {
      onRequest: [auth, limitRate('read', deps.config.scanReadsPerMinute)],
      schema: { querystring: schemas.historyQuery, response: { 200: schemas.historyBody, ...err } },
    },
    async (request) => {
      const query = request.query as { limit?: number; offset?: number };
      const limit = query.limit ?? LIMITS.historyDefaultLimit;
      const offset = query.offset ?? 0;
      const { docs, total } = await deps.scans.listOwned(request.account._id, { limit, offset });
      return { data: docs.map(historyEntry), limit, offset, total, has_more: offset + docs.length < total };
    },
  );
}

function historyEntry(doc: ScanDoc) {
  const entry: Record<string, unknown> = {
    scan_id: doc.scan_id,
    status: doc.status,
    pct: doc.pct,
    title: doc.title,
    created_at: doc.created_at.toISOString(),
  };
  if (doc.status === 'complete') {
    Object.assign(entry, { score: doc.score, grade: doc.grade, label: doc.label, duration_sec: doc.duration_sec });
  }
  return entry;
}

async function readJsonSubmission(request: FastifyRequest, deps: AppDeps): Promise<Submission> {
  const body = request.body as { input?: { type: string; url: string }; title?: string } | undefined;
  if (!body?.input) throw badRequest('send a video: JSON {input: {type: "url", url}} or multipart with a "file" part');
  try {
    const url = await assertPublicUrl(body.input.url, { allowHosts: deps.config.allowHosts });
    return { source: { type: 'url', url: url.href }, title: cleanTitle(body.title) };
  } catch (error) {
    if (error instanceof UnsafeUrlError) throw badRequest(`input.url refused: ${error.message}`, 'input.url');
    throw error;
  }
}

/** An honest Content-Length over the limit is refused before a byte is read (and before the quota is touched). */
function refuseDeclaredTooLarge(deps: AppDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    // The slack covers the multipart boundaries and a title part around the file.
    if (declared > deps.config.uploadLimitBytes + 64 * 1024) {
      reply.header('connection', 'close');
      throw tooLarge(uploadTooLarge(deps));
    }
  };
}

/**
 * Watches an upload's file stream: when, in a window of `uploadWindowMs`, the
 * client was waited for at least half the time and brought less than
 * `uploadMinBytesPerSec` for that time (a stall or a trickle), or the client goes
 * away mid-body, the stream is failed so the store drops what it wrote and the
 * route returns the quota unit. Time spent writing to the store is not held
 * against the client. Node's own socket idle and request timeouts bound the
 * rest; this one is per upload because a 400 MB file on a slow link needs far
 * longer than any sensible total.
 */
export class UploadWatch {
  cutOff: 'stalled' | 'aborted' | null = null;
  private file: MultipartFile['file'] | null = null;
  private received = 0;
  private waitedMs = 0;
  private waitingSince: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly onClose = () => {
    if (!this.request.raw.complete) this.cut('aborted');
  };

  constructor(
    private readonly request: FastifyRequest,
    private readonly config: Pick<AppDeps['config'], 'uploadWindowMs' | 'uploadMinBytesPerSec'>,
  ) {}

  /** Starts judging the client: from here until the file part ends, it is being waited for. */
  start() {
    const { uploadWindowMs, uploadMinBytesPerSec } = this.config;
    this.waitingSince = Date.now();
    this.timer = setInterval(() => {
      const now = Date.now();
      const waited = this.waitedMs + (this.waitingSince === null ? 0 : now - this.waitingSince);
      const need = Math.max(1, (uploadMinBytesPerSec * waited) / 1000);
      if (waited >= uploadWindowMs / 2 && this.received < need) this.cut('stalled');
      this.received = 0;
      this.waitedMs = 0;
      if (this.waitingSince !== null) this.waitingSince = now;
    }, uploadWindowMs);
    this.request.raw.once('close', this.onClose);
  }

  /** Passes `file`'s chunks through, counting them and the time spent waiting for them. */
  async *watch(file: MultipartFile['file']): AsyncGenerator<Buffer> {
    this.file = file;
    for await (const chunk of file) {
      this.waitedMs += Date.now() - (this.waitingSince ?? Date.now());
      this.waitingSince = null;
      this.received += (chunk as Buffer).length;
      yield chunk as Buffer;
      this.waitingSince = Date.now();
    }
    this.file = null;
    this.waitingSince = null;
  }

  private cut(reason: 'stalled' | 'aborted') {
    if (this.cutOff) return;
    this.cutOff = reason;
    // Mid-file the store's write fails and cleans up; before the file part, ending the request ends the parts.
    if (this.file) this.file.destroy(new Error(`upload ${reason}`));
    else this.request.raw.destroy();
    this.stop();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.request.raw.off('close', this.onClose);
  }
}

/** Streams the `file` part into the media store; an optional `title` part may come before or after it. */
async function receiveUpload(request: FastifyRequest, deps: AppDeps, scanId: string, watch: UploadWatch): Promise<Submission> {
  let title: string | null = null;
  let filename: string | null = null;
  let bytes: number | undefined;
  watch.start();
  try {
    for await (const part of request.parts({ limits: { fileSize: deps.config.uploadLimitBytes, files: 1, fields: 8, fieldSize: 4096 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw badRequest(`unexpected file part "${part.fieldname}"; send the video in a part named "file"`, 'file');
        }
        filename = cleanFilename(part.filename);
        bytes = await storeUpload(deps, scanId, part, watch);
      } else if (part.fieldname === 'title') {
        title = cleanTitle(String(part.value));
      }
    }
  } catch (error) {
    if (isFileTooLarge(error)) throw tooLarge(uploadTooLarge(deps));
    if (error instanceof DomainError) throw error;
    // The store failing mid-upload is our fault, not the client's: 503, retry.
    if (error instanceof MongoError) throw error;
    throw badRequest(`malformed multipart body: ${(error as Error).message}`);
  }
  if (bytes === undefined) throw badRequest('no video: multipart body has no "file" part', 'file');
  if (bytes === 0) throw badRequest('the uploaded file is empty', 'file');
  return { source: { type: 'upload', filename }, title, uploadedBytes: bytes };
}

async function storeUpload(deps: AppDeps, scanId: string, part: MultipartFile, watch: UploadWatch): Promise<number> {
  const bytes = await deps.media.put(deps.media.media, MediaStore.mediaId(scanId), watch.watch(part.file), {
    filename: 'upload',
    contentType: part.mimetype,
  });
  if (part.file.truncated) throw tooLarge(uploadTooLarge(deps));
  return bytes;
}

const uploadTooLarge = (deps: AppDeps) => `file is over the ${formatMegabytes(deps.config.uploadLimitBytes)} limit`;
const formatMegabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 100) / 100} MB`;

const isFileTooLarge = (error: unknown) =>
  (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

function cleanTitle(title: string | undefined): string | null {
  const trimmed = title?.trim().slice(0, 200);
  return trimmed ? trimmed : null;
}

/** Kept only for display; never used to build a path. */
function cleanFilename(name: string | undefined): string | null {
  const cleaned = name?.replace(/[\u0000-\u001f/\\]/g, '_').slice(0, 200);
  return cleaned ? cleaned : null;
}
