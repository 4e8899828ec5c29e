import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import type { MediaStore } from '../../store/media';
import { scanMedia } from '../../store/scan-media';

/**
 * A worker's local copies of scan media. With the `fs` store the stored file
 * itself is used, no copy made. Otherwise probe and decode usually run on the
 * same worker, so the second finds the file the first downloaded; on another
 * worker it is simply downloaded again. Decode (or refineCuts after it) drops the copy when done; a
 * sweep removes copies left by scans whose later steps ran elsewhere.
 */
export class LocalMediaCache {
  private readonly dir: string;

  constructor(
    scratchDir: string,
    readonly media: MediaStore,
  ) {
    this.dir = join(scratchDir, 'media');
  }

  private pathOf(scanId: string): string {
    // Scan ids are generated (`scn_` + hex); refuse anything else as a path.
    if (!/^scn_[0-9a-f]{24}$/.test(scanId)) throw new Error(`not a scan id: ${scanId}`);
    return join(this.dir, scanId);
  }

  /** The local path of the scan's media, downloading it once per worker. */
  async get(scanId: string, signal?: AbortSignal): Promise<string> {
    const path = this.pathOf(scanId);
    const stored = scanMedia(this.media, scanId);
    const own = await stored.localPath();
    if (own) return own;
    if (existsSync(path)) {
      const now = new Date();
      await utimes(path, now, now);
      return path;
    }
    await mkdir(this.dir, { recursive: true });
    // Downloaded aside and renamed, so a half-written copy is never found.
    const partial = `${path}.${randomBytes(4).toString('hex')}.part`;
    try {
      await stored.download(partial, signal);
      await rename(partial, path);
    } finally {
      await rm(partial, { force: true });
    }
    return path;
  }

  async drop(scanId: string): Promise<void> {
    await rm(this.pathOf(scanId), { force: true });
  }

  /** Removes copies (and interrupted downloads) untouched for `maxAgeMs`. */
  async sweep(maxAgeMs: number, now = Date.now()): Promise<number> {
    if (!existsSync(this.dir)) return 0;
    let removed = 0;
    for (const name of await readdir(this.dir)) {
      const path = join(this.dir, name);
      const info = await stat(path).catch(() => null);
      if (info && now - info.mtimeMs > maxAgeMs) {
        await rm(path, { force: true, recursive: true });
        removed++;
      }
    }
    return removed;
  }
}
