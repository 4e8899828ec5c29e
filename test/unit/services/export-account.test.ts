import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { exportScan } from '../../../core/exports';
import type { CompleteScan } from '../../../core/wire/read';
import type { ArchiveManifest } from '../../../core/wire/export';
import { accountArchive, ArchiveMediaChangedError } from '../../../services/export-account';
import { scanView } from '../../../services/scan-view';
import { MediaStore } from '../../../store/media';
import { fakeDeps, scanDocFixture, type FakeDeps } from '../fake-deps';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const putMedia = (deps: FakeDeps, scanId: string, bytes: Buffer) =>
  deps.media.put('media', MediaStore.mediaId(scanId), Readable.from([bytes]), { filename: 'clip.mp4', contentType: 'video/mp4' });

async function unpack(stream: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  const dir = mkdtempSync(join(tmpdir(), 'archive-test-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'archive.tar'), Buffer.concat(chunks));
  execFileSync('tar', ['-xf', join(dir, 'archive.tar'), '-C', dir]);
  rmSync(join(dir, 'archive.tar'));
  return dir;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('the account archive', () => {
  it("holds each of the account's scans as served, its videos when asked, and a manifest with sizes and SHA-256", async () => {
    const deps = fakeDeps();
    const video = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 256));
    const complete = scanDocFixture(deps, { scanId: 'scn_a', accountId: 'acct_me', status: 'complete' });
    scanDocFixture(deps, { scanId: 'scn_b', accountId: 'acct_me', status: 'complete' }, { media_removed_at: deps.now() });
    const failed = scanDocFixture(deps, { scanId: 'scn_c', accountId: 'acct_me', status: 'error' });
    scanDocFixture(deps, { scanId: 'scn_d', accountId: 'acct_me', status: 'complete' }, { deleted_at: deps.now() });
    scanDocFixture(deps, { scanId: 'scn_e', accountId: 'acct_other', status: 'complete' });
    await putMedia(deps, 'scn_a', video);
    await putMedia(deps, 'scn_e', video);

    const archive = await accountArchive(deps, 'acct_me', { media: true });
    expect(archive.scanIds).toEqual(['scn_a', 'scn_b', 'scn_c']);
    const dir = await unpack(archive.stream);
    expect(readdirSync(dir).sort()).toEqual(['manifest.json', 'scn_a', 'scn_b', 'scn_c']);
    expect(readdirSync(join(dir, 'scn_a')).sort()).toEqual(['media.mp4', 'scan.json']);
    expect(readdirSync(join(dir, 'scn_b'))).toEqual(['scan.json']);
    expect(readFileSync(join(dir, 'scn_a', 'scan.json'), 'utf8')).toBe(
      exportScan({ ...(scanView(complete) as CompleteScan), title: complete.title }, 'json').body,
    );
    expect(JSON.parse(readFileSync(join(dir, 'scn_b', 'scan.json'), 'utf8'))).toMatchObject({ scan_id: 'scn_b', status: 'complete', media_url: null });
    expect(JSON.parse(readFileSync(join(dir, 'scn_c', 'scan.json'), 'utf8'))).toEqual(scanView(failed));
    expect(readFileSync(join(dir, 'scn_a', 'media.mp4'))).toEqual(video);

    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as ArchiveManifest;
    expect(manifest).toMatchObject({ format: 'holdline-account-export', version: 1, account_id: 'acct_me', media: true });
    expect(manifest.scans.map((s) => [s.scan_id, s.title, s.status, s.published])).toEqual([
      ['scn_a', 'title of scn_a', 'complete', false],
      ['scn_b', 'title of scn_b', 'complete', false],
      ['scn_c', 'title of scn_c', 'error', false],
    ]);
    for (const entry of manifest.scans) {
      for (const file of entry.files) {
        const bytes = readFileSync(join(dir, file.name));
        expect(file.size, file.name).toBe(bytes.length);
        expect(file.sha256, file.name).toBe(sha256(bytes));
      }
    }
    expect(manifest.scans[1]!.media_left_out).toBe('the video of scan scn_b was removed by the retention setting (its read is kept)');
    expect(manifest.scans[0]!.media_left_out).toBeUndefined();
  });

  it('leaves videos out unless asked, and one over the media size limit in force', async () => {
    const deps = fakeDeps({}, { uploadLimitBytes: 100 });
    scanDocFixture(deps, { scanId: 'scn_big', accountId: 'acct_me', status: 'complete' });
    await putMedia(deps, 'scn_big', Buffer.alloc(101, 1));
    const without = await unpack((await accountArchive(deps, 'acct_me', { media: false })).stream);
    expect(readdirSync(join(without, 'scn_big'))).toEqual(['scan.json']);
    const over = await unpack((await accountArchive(deps, 'acct_me', { media: true })).stream);
    expect(readdirSync(join(over, 'scn_big'))).toEqual(['scan.json']);
    const manifest = JSON.parse(readFileSync(join(over, 'manifest.json'), 'utf8')) as ArchiveManifest;
    expect(manifest.scans[0]!.media_left_out).toBe('the video is larger than the 100-byte media size limit in force');
  });

  it('a reader that stops mid-video closes the media read, and nothing more is made', async () => {
    const deps = fakeDeps();
    scanDocFixture(deps, { scanId: 'scn_a', accountId: 'acct_me', status: 'complete' });
    scanDocFixture(deps, { scanId: 'scn_b', accountId: 'acct_me', status: 'complete' });
    await putMedia(deps, 'scn_a', Buffer.alloc(64 * 1024 * 10, 1));
    let pulled = 0;
    let mediaReads = 0;
    const source = new Readable({
      read() {
        pulled++;
        this.push(Buffer.alloc(64 * 1024, 1));
      },
    });
    deps.media.read = () => {
      mediaReads++;
      return source;
    };
    const archive = await accountArchive(deps, 'acct_me', { media: true });
    const stream = Readable.from(archive.stream, { objectMode: false, highWaterMark: 64 * 1024 });
    let received = 0;
    for await (const chunk of stream) {
      received += (chunk as Buffer).length;
      if (received > 3 * 64 * 1024) break;
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(stream.destroyed).toBe(true);
    expect(source.destroyed).toBe(true);
    expect(mediaReads).toBe(1);
    // Pulled on demand: a few chunks past what was read, never the whole 10.
    expect(pulled).toBeLessThan(10);
    expect(await archive.stream.next()).toEqual({ done: true, value: undefined });
  });

  it('a stored video shorter than its stat cuts the archive off with a named error', async () => {
    const deps = fakeDeps();
    scanDocFixture(deps, { scanId: 'scn_a', accountId: 'acct_me', status: 'complete' });
    await putMedia(deps, 'scn_a', Buffer.alloc(1000, 1));
    deps.media.read = () => Readable.from([Buffer.alloc(10, 1)]);
    const archive = await accountArchive(deps, 'acct_me', { media: true });
    await expect(unpack(archive.stream)).rejects.toThrow(ArchiveMediaChangedError);
  });
});
