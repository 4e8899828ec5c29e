import { createHash } from 'node:crypto';
import { rateLimited } from '../core/errors';
import { exportScan } from '../core/exports';
import { extensionFor } from '../core/media-type';
import type { CompleteScan } from '../core/wire/read';
import { TAR_END, tarHeader, tarPadding } from '../core/tar';
import type { ArchiveFile, ArchiveManifest, ArchiveScan } from '../core/wire/export';
import { hashSecret } from '../store/ids';
import { scanMedia } from '../store/scan-media';
import type { ScanDoc } from '../store/scan-docs';
import type { AppDeps } from './ports';
import { mediaRemovedDetail } from './retention-setting';
import { scanView } from './scan-view';

// The account archive (`GET /v1/account/export`, issue 22 item 7): a ustar stream of
// `<scan_id>/scan.json` per scan (exactly as `GET /v1/scans/{id}` serves it), the
// stored video `<scan_id>/media.<ext>` when asked, and `manifest.json` last. Made entry
// by entry as the client reads: at most one media chunk and one scan's JSON are held.

/** The stored video changed while it was being sent; the archive is cut off rather than left wrong. */
export class ArchiveMediaChangedError extends Error {
  constructor(scanId: string, expected: number, sent: number) {
    super(`the stored video of scan ${scanId} changed while it was archived (${sent} bytes read, ${expected} expected)`);
    this.name = 'ArchiveMediaChangedError';
  }
}

export type ArchiveDeps = Pick<AppDeps, 'scans' | 'media' | 'config' | 'now'>;

const encoder = new TextEncoder();
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The account's archive: the scans are listed first (so a store that is down fails
 * the request cleanly, before any byte is sent), then `stream` makes the tar bytes on
 * demand. Stopping the stream (`return()`, as a destroyed Readable does when its
 * client goes away) closes the media read in progress.
 */
export async function accountArchive(deps: ArchiveDeps, accountId: string, options: { media: boolean }) {
  const scanIds = await deps.scans.visibleIdsOfAccount(accountId);
  const exportedAt = deps.now();
  return {
    scanIds,
    filename: `holdline-${accountId}-${exportedAt.toISOString().slice(0, 10)}.tar`,
    stream: archiveBytes(deps, accountId, scanIds, exportedAt, options),
  };
}

async function* archiveBytes(
  deps: ArchiveDeps,
  accountId: string,
  scanIds: string[],
  exportedAt: Date,
  options: { media: boolean },
): AsyncGenerator<Uint8Array> {
  const manifest: ArchiveManifest = {
    format: 'holdline-account-export',
    version: 1,
    account_id: accountId,
    exported_at: exportedAt.toISOString(),
    media: options.media,
    scans: [],
  };
  for (const scanId of scanIds) {
    const doc = await deps.scans.getOwned(scanId, accountId);
    // Deleted since the listing: it is left out, as it would be from the list.
    if (!doc) continue;
    const entry: ArchiveScan = {
      scan_id: scanId,
      title: doc.title ?? null,
      status: doc.status,
      created_at: doc.created_at.toISOString(),
      published: doc.published_at !== undefined,
      files: [],
    };
    const json = encoder.encode(scanJson(doc));
    const jsonFile: ArchiveFile = { name: `${scanId}/scan.json`, size: json.length, sha256: sha256(json) };
    yield* smallEntry(jsonFile.name, json, doc.updated_at);
    entry.files.push(jsonFile);
    if (options.media && doc.status === 'complete') {
      const leftOut = yield* mediaEntry(deps, doc, entry.files);
      if (leftOut) entry.media_left_out = leftOut;
    }
    manifest.scans.push(entry);
  }
  yield* smallEntry('manifest.json', encoder.encode(`${JSON.stringify(manifest, null, 2)}\n`), exportedAt);
  yield TAR_END;
}

/** The scan exactly as `GET /v1/scans/{id}` serves it (the json export of a complete scan). */
function scanJson(doc: ScanDoc): string {
  const view = scanView(doc);
  if (view.status === 'complete') return exportScan({ ...(view as CompleteScan), title: doc.title }, 'json').body;
  return `${JSON.stringify(view, null, 2)}\n`;
}

function* smallEntry(name: string, bytes: Uint8Array, mtime: Date): Generator<Uint8Array> {
  yield tarHeader({ name, size: bytes.length, mtime });
  yield bytes;
  yield tarPadding(bytes.length);
}

/**
 * The stored video as one entry, hashed as it streams; or why it is left out (removed
 * by the retention setting, not stored, larger than the media size limit in force).
 */
async function* mediaEntry(deps: ArchiveDeps, doc: ScanDoc, files: ArchiveFile[]): AsyncGenerator<Uint8Array, string | null> {
  const scanId = doc.scan_id;
  if (doc.media_removed_at) return mediaRemovedDetail(scanId);
  const media = scanMedia(deps.media, scanId);
  const stored = await media.stat();
  if (!stored) return 'no stored video';
  if (stored.length > deps.config.uploadLimitBytes) return `the video is larger than the ${deps.config.uploadLimitBytes}-byte media size limit in force`;
  const name = `${scanId}/media.${extensionFor(doc.media_type)}`;
  yield tarHeader({ name, size: stored.length, mtime: doc.created_at });
  const hash = createHash('sha256');
  let sent = 0;
  for await (const chunk of media.read() as AsyncIterable<Buffer>) {
    sent += chunk.length;
    if (sent > stored.length) break;
    hash.update(chunk);
    yield chunk;
  }
  if (sent !== stored.length) throw new ArchiveMediaChangedError(scanId, stored.length, sent);
  yield tarPadding(stored.length);
  files.push({ name, size: stored.length, sha256: hash.digest('hex') });
  return null;
}

/** How long one archive may hold its account's lease at most: a lease its API process never gave back (it died) is free again after this. */
export const ARCHIVE_LEASE_MS = 60 * 60_000;
/** What a second archive of an account waits at most before it asks again: the first may end any moment. */
const ARCHIVE_BUSY_RETRY_SEC = 60;
const MIB = 1024 * 1024;

export type AdmittedArchive = Awaited<ReturnType<typeof accountArchive>> & {
  /** Gives the account's archive lease back; called once the stream ends or its client goes (more calls do nothing). */
  release: () => Promise<void>;
};

/**
 * Admits one archive of the account (the key's `GET /v1/account/export`, the account
 * page's download): one at a time per account (429 while another is being sent:
 * eight at once would each stream every video), and with `media` the size of the
 * videos it will send is counted against the account's hourly allowance
 * (`HOLDLINE_ARCHIVE_MEDIA_MIB_PER_HOUR`; 429 past it, with nothing counted), since one
 * request reads the whole media store of the account.
 */
export async function admitAccountArchive(
  deps: ArchiveDeps & Pick<AppDeps, 'rateLimiter'>,
  accountId: string,
  options: { media: boolean },
): Promise<AdmittedArchive> {
  const key = hashSecret(`account-archive:${accountId}`);
  const held = await deps.rateLimiter.takeLease(key, 'archive', deps.now(), ARCHIVE_LEASE_MS);
  if (!held.lease) {
    throw rateLimited(
      'an archive of this account is already being downloaded; wait for it to finish, then try again',
      Math.min(held.retryAfterSec, ARCHIVE_BUSY_RETRY_SEC),
    );
  }
  const lease = held.lease;
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    await deps.rateLimiter.releaseLease(lease);
  };
  try {
    const archive = await accountArchive(deps, accountId, options);
    if (options.media) await spendMediaAllowance(deps, key, archive.scanIds, accountId);
    return { ...archive, stream: releasedAtEnd(archive.stream, release), release };
  } catch (error) {
    await release();
    throw error;
  }
}

/** The bytes of the videos an archive with media will send, in MiB, counted against the hour's allowance. */
async function spendMediaAllowance(deps: ArchiveDeps & Pick<AppDeps, 'rateLimiter'>, key: string, scanIds: string[], accountId: string) {
  let bytes = 0;
  for (const scanId of scanIds) {
    const doc = await deps.scans.getOwned(scanId, accountId);
    if (doc?.status !== 'complete' || doc.media_removed_at) continue;
    const stored = await scanMedia(deps.media, scanId).stat();
    // A video over the size limit in force is left out of the archive (mediaEntry), so it costs nothing.
    if (stored && stored.length <= deps.config.uploadLimitBytes) bytes += stored.length;
  }
  const mib = Math.ceil(bytes / MIB);
  if (mib === 0) return;
  const limit = deps.config.archiveMediaMibPerHour;
  const spent = await deps.rateLimiter.spend(key, 'archive-media-mib', mib, limit, deps.now(), 3_600_000);
  if (spent.allowed) return;
  const left = Math.max(0, limit - spent.spent);
  throw rateLimited(
    mib > limit
      ? `this account's videos (${mib} MiB) are more than the ${limit} MiB of video an archive may send in an hour; download the archive without videos, or each video from its scan`
      : `this archive's videos (${mib} MiB) are more than the ${left} MiB of the hour's ${limit} MiB of archived video left; try again in ${Math.ceil(spent.retryAfterSec / 60)} minutes, or without videos`,
    spent.retryAfterSec,
  );
}

/** `inner`, then `release` once it ends, fails or is stopped (its client went away). */
async function* releasedAtEnd(inner: AsyncGenerator<Uint8Array>, release: () => Promise<void>): AsyncGenerator<Uint8Array> {
  try {
    yield* inner;
  } finally {
    await release();
  }
}
