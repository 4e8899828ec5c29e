// Receiving an uploaded video: the multipart body streamed part by part into the
// media store, watched for stalls, with the size limits checked on the way. The
// API's `POST /v1/scans` and the scans page's `POST /scans/upload` both take
// videos this way, so it lives in http/, which both rooms import.
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { createHash, type Hash } from 'node:crypto';
import { MongoError } from 'mongodb';
import { badRequest, DomainError, tooLarge } from '../core/errors';
import { WEBHOOK_URL_MAX_LENGTH } from '../core/wire/constants';
import { jsonFingerprint } from '../services/idempotency';
import type { AppDeps } from '../services/ports';
import { cleanTitle, type ScanSubmission } from '../services/submit-scan';
import { scanMedia } from '../store/scan-media';
import { cleanSourceName } from '../core/source-name';

/** An honest Content-Length over the limit is refused before a byte is read (and before the quota is touched). */
export function refuseDeclaredTooLarge(deps: AppDeps) {
  return async (request: FastifyRequest) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    // The slack covers the multipart boundaries and a title part around the file.
    if (declared > deps.config.uploadLimitBytes + 64 * 1024) {
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

/** Streams the `file` part into the media store; optional `title` and `webhook_url` parts may come before or after it. */
export async function receiveUpload(request: FastifyRequest, deps: AppDeps, scanId: string, watch: UploadWatch): Promise<ScanSubmission> {
  let title: string | null = null;
  let webhookUrl: string | null = null;
  let filename: string | null = null;
  let bytes: number | undefined;
  // The file's bytes are hashed on their way to the store: with the title and size, the fingerprint of an idempotent upload.
  const hash = createHash('sha256');
  watch.start();
  try {
    for await (const part of request.parts({ limits: { fileSize: deps.config.uploadLimitBytes, files: 1, fields: 8, fieldSize: 4096 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw badRequest(`unexpected file part "${part.fieldname}"; send the video in a part named "file"`, 'file');
        }
        filename = cleanFilename(part.filename);
        bytes = await storeUpload(deps, scanId, part, watch, hash);
      } else if (part.fieldname === 'title') {
        title = cleanTitle(String(part.value));
      } else if (part.fieldname === 'webhook_url') {
        if (webhookUrl !== null) throw badRequest('send one "webhook_url" part', 'webhook_url');
        webhookUrl = String(part.value);
        if (webhookUrl === '') throw badRequest('webhook_url is empty', 'webhook_url');
        // The public-address check waits for the whole body (services/submit-scan.ts); the length is known now.
        if (part.valueTruncated || webhookUrl.length > WEBHOOK_URL_MAX_LENGTH)
          throw badRequest(`webhook_url is longer than ${WEBHOOK_URL_MAX_LENGTH} characters`, 'webhook_url');
      } else {
        // A misspelt field (`webhok_url`) would otherwise be dropped and the scan run without it.
        throw badRequest(`unknown form field "${part.fieldname}"; this route takes file, title, webhook_url`, part.fieldname);
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
  // The webhook URL counts only when sent, so keys claimed by uploads without one keep their fingerprints.
  const fingerprint = jsonFingerprint('POST /v1/scans multipart', {
    title,
    bytes,
    sha256: hash.digest('hex'),
    ...(webhookUrl === null ? {} : { webhook_url: webhookUrl }),
  });
  return { type: 'upload', filename, title, fingerprint, webhookUrl };
}

async function storeUpload(deps: AppDeps, scanId: string, part: MultipartFile, watch: UploadWatch, hash: Hash): Promise<number> {
  const bytes = await scanMedia(deps.media, scanId).put(hashing(watch.watch(part.file), hash), {
    filename: 'upload',
    contentType: part.mimetype,
  });
  if (part.file.truncated) throw tooLarge(uploadTooLarge(deps));
  return bytes;
}

async function* hashing(chunks: AsyncIterable<Buffer>, hash: Hash): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) {
    hash.update(chunk);
    yield chunk;
  }
}

const uploadTooLarge = (deps: AppDeps) => `file is over the ${formatMegabytes(deps.config.uploadLimitBytes)} limit`;
const formatMegabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 100) / 100} MB`;

const isFileTooLarge = (error: unknown) => (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

/** Kept only for display and as the scan's source name (core/source-name.ts); never used to build a path. */
function cleanFilename(name: string | undefined): string | null {
  return cleanSourceName(name);
}
