import { ListMultipartUploadsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/env';
import type { MediaStore } from '../../../store/media';
import { createMediaStore } from '../../../store/media-factory';
import { FsMediaStore } from '../../../store/media-directory';
import { S3MediaStore } from '../../../store/media-s3';
import { getStackEnv } from '../helpers/stack-env';

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'holdline-media-test-'));
});
afterAll(async () => rm(scratch, { recursive: true, force: true }));

const readAll = async (stream: Readable) => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
};
// A source arriving in uneven pieces, like a network stream.
const uneven = (data: Buffer) => Readable.from([data.subarray(0, 7), data.subarray(7, 2500), data.subarray(2500)]);
// Larger than two S3 parts (8 MiB), so the multipart path and part order are exercised.
const big = randomBytes(17 * 1024 * 1024 + 123);
const bytes = randomBytes(10_500);

const backends: [string, () => MediaStore][] = [
  ['fs', () => createMediaStore(loadConfig({ HOLDLINE_MEDIA_STORE: 'fs', HOLDLINE_MEDIA_DIR: join(scratch, 'fs') }).mediaStore)],
  ['s3 (MinIO)', () => createMediaStore(loadConfig({ ...getStackEnv().s3Env, HOLDLINE_S3_BUCKET: `media-${randomBytes(4).toString('hex')}` }).mediaStore)],
];

describe.each(backends)('MediaStore on %s', (name, make) => {
  let store: MediaStore;
  beforeAll(() => {
    store = make();
  });

  /** Objects and unfinished uploads the backend holds, whatever their name. */
  async function leftovers(): Promise<string[]> {
    if (store instanceof FsMediaStore) {
      const dir = join(scratch, 'fs', 'media');
      return (await readdir(dir).catch(() => [])).sort();
    }
    const s3 = store as S3MediaStore;
    const bucket = (s3 as unknown as { bucketName: string }).bucketName;
    const [objects, uploads] = await Promise.all([
      s3.client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'media/' })),
      s3.client.send(new ListMultipartUploadsCommand({ Bucket: bucket })),
    ]);
    return [...(objects.Contents ?? []).map((o) => o.Key!.slice('media/'.length)), ...(uploads.Uploads ?? []).map((u) => `upload:${u.Key}`)].sort();
  }

  // Each test writes the objects it reads, under ids of its own: any one may run alone.
  it('stores a stream and reads it back whole, with its type and name', async () => {
    expect(await store.put('media', 'media:whole', uneven(bytes), { filename: 'a b.mp4', contentType: 'video/mp4' })).toBe(bytes.length);
    expect(await store.stat('media', 'media:whole')).toEqual({ length: bytes.length, contentType: 'video/mp4', filename: 'a b.mp4' });
    expect((await readAll(store.read('media', 'media:whole'))).equals(bytes)).toBe(true);
  });

  it.each([
    [0, 1],
    [999, 1001],
    [1234, 9876],
    [10_000, 10_500],
    [0, 10_500],
    [10_499, 20_000],
    [5, 5],
  ])('reads the byte range [%i, %i)', async (start, end) => {
    await store.put('media', 'media:ranged', uneven(bytes), { filename: 'r.mp4' });
    const got = await readAll(store.read('media', 'media:ranged', { start, end }));
    expect(got.equals(bytes.subarray(start, end))).toBe(true);
  });

  it('stores a large stream (multipart on S3) and copies it to a local file', async () => {
    const pieces = Array.from({ length: Math.ceil(big.length / 65_536) }, (_, i) => big.subarray(i * 65_536, (i + 1) * 65_536));
    expect(await store.put('audio', 'audio:big', Readable.from(pieces), { filename: 'audio.s16le' })).toBe(big.length);
    const copy = join(scratch, `${name.slice(0, 2)}-copy`);
    await store.download('audio', 'audio:big', copy);
    expect((await readFile(copy)).equals(big)).toBe(true);
    const mid = await readAll(store.read('audio', 'audio:big', { start: 8 * 1024 * 1024 - 10, end: 8 * 1024 * 1024 + 10 }));
    expect(mid.equals(big.subarray(8 * 1024 * 1024 - 10, 8 * 1024 * 1024 + 10))).toBe(true);
    await store.remove('audio', 'audio:big');
    expect(await store.stat('audio', 'audio:big')).toBeNull();
  });

  it('replaces an object written again under the same id', async () => {
    await store.put('media', 'media:replaced', uneven(bytes), { filename: 'a.mp4', contentType: 'video/mp4' });
    const other = randomBytes(2_100);
    await store.put('media', 'media:replaced', uneven(other), { filename: 'b.mp4' });
    expect((await readAll(store.read('media', 'media:replaced'))).equals(other)).toBe(true);
    expect(await store.stat('media', 'media:replaced')).toMatchObject({ length: 2_100, filename: 'b.mp4', contentType: 'application/octet-stream' });
  });

  it('keeps nothing of a write whose source fails, small or multipart', async () => {
    const before = await leftovers();
    for (const size of [2_500, 9 * 1024 * 1024]) {
      async function* failing() {
        yield randomBytes(size);
        throw new Error('connection reset');
      }
      await expect(store.put('media', 'media:c', Readable.from(failing()), { filename: 'c' })).rejects.toThrow(/connection reset/);
      expect(await store.stat('media', 'media:c')).toBeNull();
    }
    expect(await leftovers()).toEqual(before);
  });

  it('keeps the old object whole while a replacement fails', async () => {
    const old = randomBytes(2_100);
    await store.put('media', 'media:kept', uneven(old), { filename: 'b.mp4' });
    async function* failing() {
      yield randomBytes(9 * 1024 * 1024);
      throw new Error('connection reset');
    }
    await expect(store.put('media', 'media:kept', Readable.from(failing()), { filename: 'x' })).rejects.toThrow(/connection reset/);
    expect(await store.stat('media', 'media:kept')).toMatchObject({ length: 2_100, filename: 'b.mp4' });
    expect((await readAll(store.read('media', 'media:kept'))).equals(old)).toBe(true);
  });

  it('refuses ids that could name another place', async () => {
    for (const id of ['../x', 'a/b', '', '.hidden']) {
      await expect(store.put('media', id, Readable.from([Buffer.from('x')]), { filename: 'x' })).rejects.toThrow(/not a media id/);
    }
  });

  it('fails a read of a missing object, removes an object with everything it stored, and a missing one quietly', async () => {
    await expect(readAll(store.read('media', 'media:never'))).rejects.toThrow(/no stored object/);
    const before = await leftovers();
    await store.put('media', 'media:removed', uneven(bytes), { filename: 'gone.mp4' });
    expect((await leftovers()).length).toBeGreaterThan(before.length);
    await store.remove('media', 'media:removed');
    await store.remove('media', 'media:never-stored');
    expect(await store.stat('media', 'media:removed')).toBeNull();
    expect(await leftovers()).toEqual(before);
  });
});

describe('FsMediaStore', () => {
  it('removes with an object the temporary files a writer killed mid-put left behind', async () => {
    const dir = join(scratch, 'fs-partials');
    const store = new FsMediaStore(dir);
    await store.put('audio', 'audio:scn_partial', Readable.from([bytes]), { filename: 'audio.s16le' });
    // What a SIGKILLed writer leaves: its temporary data and metadata, under the object's name.
    await writeFile(join(dir, 'audio', 'audio_scn_partial.0123456789ab.part'), bytes.subarray(0, 100));
    await writeFile(join(dir, 'audio', 'audio_scn_partial.0123456789ab.part.meta'), '{}');
    // Another object's files are not touched.
    await store.put('audio', 'audio:scn_other', Readable.from([bytes]), { filename: 'audio.s16le' });
    await store.remove('audio', 'audio:scn_partial');
    expect((await readdir(join(dir, 'audio'))).sort()).toEqual(['audio_scn_other', 'audio_scn_other.meta.json']);
  });
});
