import { sourceNameOf, titleFromSourceName } from '../core/source-name';
import { storedTitle } from '../core/title';
import { badRequest, DomainError, unauthorized } from '../core/errors';
import { PLANS } from '../core/plans';
import { WEBHOOK_URL_MAX_LENGTH } from '../core/wire/constants';
import type { QueuedScan } from '../core/wire/scans';
import { assertPublicUrl, UnsafeUrlError } from '../net/public-address';
import type { AccountDoc } from '../store/accounts';
import { newScanId } from '../store/ids';
import { scanMedia } from '../store/scan-media';
import type { ScanSource } from '../store/scan-docs';
import { taskQueues } from '../contracts/names';
import { claimKey, completeKey, releaseKey, type HeldKey, type IdempotencyInput } from './idempotency';
import type { AppDeps, Log } from './ports';
import { giveBackScanUnit, retryBriefly, takeScanUnit } from './quota';
import { assertScanSlotFree } from './scans-in-flight';
import { assertDownloadTimeLeft } from './download-allowance';

/**
 * What the client sent: a URL to fetch, or an upload already stored under the scan's
 * media id (with the fingerprint of its title, size and bytes, for an Idempotency-Key).
 */
export type ScanSubmission =
  | { type: 'url'; url: string; title: string | null; webhookUrl?: string | null }
  | { type: 'upload'; filename: string | null; title: string | null; fingerprint?: string; webhookUrl?: string | null };

export interface SubmitScanInput {
  account: AccountDoc;
  /**
   * Reads the submission once the quota unit is taken (an upload streams into the
   * media store under `MediaStore.mediaId(scanId)` here); throws to refuse it.
   */
  receive: (scanId: string) => Promise<ScanSubmission>;
  log: Log;
  /** True when the client itself went away: its refusal is not an error of ours. */
  abandoned?: () => boolean;
  /** The API request's id, kept in the workflow's memo. */
  requestId?: string;
  /** The client's Idempotency-Key; `replayed` is set when the answer is the one stored under it. */
  idempotency?: IdempotencyInput;
  /**
   * What the request sends, when known before it is read (the route knows a JSON body from
   * an upload): a URL's download allowance is then checked before anything is taken.
   * Unknown, it is checked once the submission is read (and all is given back if spent).
   */
  expects?: ScanSubmission['type'];
}

/**
 * Submits one scan: a free place among the account's scans in flight (429 past the
 * plan's cap; services/scans-in-flight.ts), for a URL download time left in the
 * account's hour (429 once spent; services/download-allowance.ts), one unit of the
 * month's quota (429 when used up), the
 * submission itself (a URL must name a public address), the queued scan
 * document, then its workflow (Agents plan on the priority key). A refused or
 * failed submission keeps nothing and does not count: the unit, the stored
 * media, the document and the Idempotency-Key are given back, each retried for a
 * few seconds. With a key (services/idempotency.ts) a repeat of an answered request
 * gets the first answer and takes nothing; a JSON request's key is claimed before
 * the unit, an upload's once its bytes are read and hashed. From the unit on, the
 * submission is noted in flight (store/submissions.ts) until it is queued or undone,
 * so an account's closure waits for it.
 */
export async function submitScan(deps: AppDeps, input: SubmitScanInput): Promise<QueuedScan> {
  const { account } = input;
  const plan = PLANS[account.plan];
  const now = deps.now();
  const idem = input.idempotency;
  let held: HeldKey | null = null;
  // A JSON request's fingerprint is known now: its key is claimed (or answered from) before anything is taken.
  if (idem?.fingerprint) {
    const claimed = await claimKey(deps, account._id, { key: idem.key, fingerprint: idem.fingerprint }, now);
    if (claimed.kind === 'replay') return replay(idem, claimed.result.body);
    held = claimed.held;
  }
  // An upload's is known once it is read: a retry of an answered key does not take a second unit for it.
  const answered = idem && !held ? await liveAnswer(deps, account._id, idem.key, now) : false;
  let unit = false;
  if (!answered) {
    try {
      // Over the plan's scans in flight, or past the hour's download time for a URL, nothing is taken, written or read (429).
      await assertScanSlotFree(deps, account, now);
      if (input.expects === 'url') await assertDownloadTimeLeft(deps, account._id, now);
      await takeScanUnit(deps, account, now);
      unit = true;
    } catch (error) {
      await releaseKey(deps, held).catch((err: unknown) => input.log.error({ err }, 'giving back an idempotency key failed'));
      throw error;
    }
  }
  const scanId = newScanId();
  // Noted before a byte is received, so a closure of the account waits for this submission to be queued or undone.
  try {
    await deps.submissions.begin({ scanId, accountId: account._id, now, unit });
  } catch (error) {
    await Promise.allSettled([unit ? giveBackScanUnit(deps, account._id, now) : Promise.resolve(), releaseKey(deps, held)]);
    input.log.error({ err: error, scanId }, 'noting a submission in flight failed');
    throw new DomainError('unavailable', 'could not queue the scan; try again shortly');
  }
  const ended = () =>
    retryBriefly(() => deps.submissions.end(scanId)).catch((err: unknown) => input.log.error({ err, scanId }, 'ending a submission in flight failed'));
  const undo = () =>
    Promise.allSettled([
      unit ? giveBackScanUnit(deps, account._id, now) : Promise.resolve(),
      retryBriefly(() => scanMedia(deps.media, scanId).remove()),
      // Also when the insert seemed to fail: the store may have applied it before the connection dropped.
      retryBriefly(() => deps.scans.remove(scanId)),
      releaseKey(deps, held),
    ]);
  try {
    // Again with this submission's note written: of concurrent submissions past the cap, none gets through.
    if (!answered) await assertScanSlotFree(deps, account, now, true);
    const submission = await input.receive(scanId);
    if (idem && !held) {
      if (submission.type !== 'upload' || !submission.fingerprint) throw new Error('a keyed submission without a fingerprint');
      const claimed = await claimKey(deps, account._id, { key: idem.key, fingerprint: submission.fingerprint }, now);
      if (claimed.kind === 'replay') {
        // The same upload again: what it stored and took goes back; the first answer stands.
        await undo();
        await ended();
        return replay(idem, claimed.result.body);
      }
      held = claimed.held;
      if (!unit) {
        // The answered key expired or was given back in between: this request counts after all.
        await takeScanUnit(deps, account, now);
        unit = true;
        await deps.submissions.tookUnit(scanId);
      }
    }
    if (submission.type === 'url' && input.expects !== 'url') await assertDownloadTimeLeft(deps, account._id, now);
    const source = submission.type === 'url' ? await publicUrlSource(deps, submission.url) : ({ type: 'upload', filename: submission.filename } as const);
    const webhookUrl = submission.webhookUrl ? await publicWebhookUrl(deps, submission.webhookUrl) : null;
    const sourceName = sourceNameOf({ source });
    const doc = await deps.scans.insertQueued({
      scan_id: scanId,
      account_id: account._id,
      // Without a title the scan takes its file's name, without the extension.
      title: submission.title ?? titleFromSourceName(sourceName),
      source,
      source_name: sourceName,
      priority: plan.priorityQueue,
      created_at: now,
    });
    // An upload takes minutes, and the account may have been closed meanwhile: its closure's rounds may be over
    // already, so nothing of this scan may stay. Checked after the insert: a closure marked later than this read
    // lists the scan (it marks the account before it lists), one marked earlier is seen here; either way it goes.
    const current = await deps.accounts.byId(account._id);
    if (!current || current.closing_at) throw unauthorized('this account was closed while the submission was being received; nothing of it was kept');
    // Lower keys run first; the Agents plan rides the priority queue.
    const webhook = webhookUrl
      ? { webhook: { url: webhookUrl, retrySeconds: deps.config.webhookRetrySeconds, taskQueue: taskQueues(deps.config).webhooks } }
      : {};
    await deps.workflows.startScan({ scanId, ...webhook }, { priorityKey: plan.priorityQueue ? 1 : 3, requestId: input.requestId });
    const queued: QueuedScan = { scan_id: doc.scan_id, status: 'queued', pct: 0 };
    if (held) await completeKey(deps, held, { status_code: 202, body: { ...queued } }, input.log);
    await ended();
    return queued;
  } catch (error) {
    await undo();
    await ended();
    if (error instanceof DomainError || input.abandoned?.()) throw error;
    input.log.error({ err: error, scanId }, 'scan submission failed');
    throw new DomainError('unavailable', 'could not queue the scan; try again shortly');
  }
}

function replay(idem: IdempotencyInput, body: Record<string, unknown>): QueuedScan {
  idem.replayed = true;
  return body as unknown as QueuedScan;
}

/** True when `key` holds a finished, unexpired answer. */
async function liveAnswer(deps: AppDeps, accountId: string, key: string, now: Date): Promise<boolean> {
  const doc = await deps.idempotency.get(accountId, key);
  return doc !== null && doc.state === 'done' && doc.expires_at > now;
}

async function publicUrlSource(deps: Pick<AppDeps, 'config'>, raw: string): Promise<ScanSource> {
  try {
    const url = await assertPublicUrl(raw, { allowHosts: deps.config.allowHosts });
    return { type: 'url', url: url.href };
  } catch (error) {
    if (error instanceof UnsafeUrlError) throw badRequest(`input.url refused: ${error.message}`, 'input.url');
    throw error;
  }
}

/**
 * A webhook receiver's URL (`param` names the field in refusals): at most
 * WEBHOOK_URL_MAX_LENGTH characters, and a public http(s) address by the video
 * URLs' rule (checked again at every delivery).
 */
export async function publicWebhookUrl(deps: Pick<AppDeps, 'config'>, raw: string, param = 'webhook_url'): Promise<string> {
  if (raw.length > WEBHOOK_URL_MAX_LENGTH) throw badRequest(`${param} is longer than ${WEBHOOK_URL_MAX_LENGTH} characters`, param);
  try {
    return (await assertPublicUrl(raw, { allowHosts: deps.config.allowHosts })).href;
  } catch (error) {
    if (error instanceof UnsafeUrlError) throw badRequest(`${param} refused: ${error.message}`, param);
    throw error;
  }
}

/** A title as stored (core/title.ts): controls stripped, trimmed, at most 200 characters, null when empty. */
export function cleanTitle(title: string | undefined): string | null {
  return storedTitle(title);
}
