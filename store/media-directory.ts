import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MediaBucket, MediaStore, StoredObject } from './media';
import { checkId, clampRange } from './media-keys';

/**
 * A directory: `<dir>/<bucket>/<id>` with a `.meta.json` beside it. Written to a
 * temporary name and renamed, so a reader sees the old object, the new one or
 * none, never half of one. The embedded default (API and worker on one machine).
 */
export class FsMediaStore implements MediaStore {
  readonly media = 'media' as const;
  readonly audio = 'audio' as const;
  private readonly dir: string;

  constructor(dir: string) {
    this.dir = resolve(dir);
  }

  private pathOf(bucket: MediaBucket, id: string) {
    return join(this.dir, bucket, checkId(id));
  }

  async put(bucket: MediaBucket, id: string, source: Readable | AsyncIterable<Uint8Array>, meta: { filename: string; contentType?: string }): Promise<number> {
    const path = this.pathOf(bucket, id);
    await mkdir(dirname(path), { recursive: true });
    const temp = `${path}.${randomBytes(6).toString('hex')}.part`;
    let length = 0;
    try {
      await pipeline(
        source,
        async function* (chunks: AsyncIterable<Uint8Array>) {
          for await (const chunk of chunks) {
            length += chunk.length;
            yield chunk;
          }
        },
        createWriteStream(temp),
      );
      await writeFile(`${temp}.meta`, JSON.stringify({ filename: meta.filename, contentType: meta.contentType ?? 'application/octet-stream' }));
      // Metadata first: the data file's appearance is what makes the object visible.
      await rename(`${temp}.meta`, `${path}.meta.json`);
      await rename(temp, path);
    } finally {
      await Promise.all([rm(temp, { force: true }), rm(`${temp}.meta`, { force: true })]);
    }
    return length;
  }

  async stat(bucket: MediaBucket, id: string): Promise<StoredObject | null> {
    const path = this.pathOf(bucket, id);
    const info = await stat(path).catch(() => null);
    if (!info) return null;
    const meta = await readFile(`${path}.meta.json`, 'utf8')
      .then((text) => JSON.parse(text) as { filename: string; contentType: string })
      .catch(() => ({ filename: 'upload', contentType: 'application/octet-stream' }));
    return { length: info.size, contentType: meta.contentType, filename: meta.filename };
  }

  read(bucket: MediaBucket, id: string, range?: { start: number; end: number }): Readable {
    const path = this.pathOf(bucket, id);
    async function* bytes() {
      const info = await stat(path).catch(() => null);
      if (!info) throw new Error(`no stored object ${id}`);
      const { start, end } = clampRange(info.size, range);
      if (end > start) yield* createReadStream(path, { start, end: end - 1, highWaterMark: 1024 * 1024 });
    }
    return Readable.from(bytes(), { objectMode: false });
  }

  async download(bucket: MediaBucket, id: string, path: string): Promise<void> {
    await copyFile(this.pathOf(bucket, id), path);
  }

  async localPath(bucket: MediaBucket, id: string): Promise<string | null> {
    const path = this.pathOf(bucket, id);
    return (await stat(path).catch(() => null)) ? path : null;
  }

  async remove(bucket: MediaBucket, id: string): Promise<void> {
    const path = this.pathOf(bucket, id);
    await rm(path, { force: true });
    await rm(`${path}.meta.json`, { force: true });
    // A writer killed mid-put (a worker's SIGKILL) leaves its temporary file behind: it goes with the object.
    const name = basename(path);
    const partials = (await readdir(dirname(path)).catch(() => [] as string[])).filter(
      (entry) => entry.startsWith(`${name}.`) && (entry.endsWith('.part') || entry.endsWith('.part.meta')),
    );
    await Promise.all(partials.map((entry) => rm(join(dirname(path), entry), { force: true })));
  }
}
