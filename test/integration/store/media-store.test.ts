import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Binary, MongoClient, type Db } from 'mongodb';
import { BlobBucket, MediaStore } from '../../../store/media';
import { getStackEnv } from '../helpers/stack-env';

let client: MongoClient;
let db: Db;
let store: MediaStore;
let bucket: BlobBucket;

beforeAll(async () => {
  const uri = new URL(getStackEnv().mongodbUri);
  uri.pathname = `/mediastore${randomBytes(3).toString('hex')}`;
  client = await new MongoClient(uri.toString()).connect();
  db = client.db();
  store = new MediaStore(db);
  // Tiny chunks, so ranges cross many chunk boundaries.
  bucket = new BlobBucket(db, 'tiny', 1000);
});
afterAll(async () => {
  await db?.dropDatabase();
  await client?.close();
});

const bytes = randomBytes(10_500);
const readAll = async (stream: Readable) => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
};
// A source arriving in uneven pieces, like a network stream.
const uneven = (data: Buffer) => Readable.from([data.subarray(0, 7), data.subarray(7, 2500), data.subarray(2500)]);

describe('MediaStore', () => {
  it('stores a stream in chunks and reads it back whole', async () => {
    expect(await store.put(bucket, 'a', uneven(bytes), { filename: 'a.mp4', contentType: 'video/mp4' })).toBe(bytes.length);
    expect(await store.stat(bucket, 'a')).toEqual({ length: bytes.length, contentType: 'video/mp4', filename: 'a.mp4' });
    expect(await bucket.chunks.countDocuments()).toBe(11);
    expect((await readAll(store.read(bucket, 'a'))).equals(bytes)).toBe(true);
  });

  it.each([
    [0, 1],
    [999, 1001],
    [1000, 2000],
    [1234, 9876],
    [10_000, 10_500],
    [0, 10_500],
    [10_499, 20_000],
  ])('reads the byte range [%i, %i)', async (start, end) => {
    const got = await readAll(store.read(bucket, 'a', { start, end }));
    expect(got.equals(bytes.subarray(start, end))).toBe(true);
  });

  it('replaces a file written again under the same id', async () => {
    const other = randomBytes(2_100);
    await store.put(bucket, 'a', uneven(other), { filename: 'b.mp4' });
    expect((await readAll(store.read(bucket, 'a'))).equals(other)).toBe(true);
    expect(await bucket.chunks.countDocuments({ files_id: 'a' })).toBe(3);
  });

  it('overwrites chunks left by a write that died before its file document', async () => {
    await bucket.chunks.insertOne({ _id: 'd#0000000', files_id: 'd', n: 0, data: new Binary(Buffer.from('stale')) });
    const fresh = randomBytes(1_500);
    await store.put(bucket, 'd', uneven(fresh), { filename: 'd' });
    expect((await readAll(store.read(bucket, 'd'))).equals(fresh)).toBe(true);
    await store.remove(bucket, 'd');
  });

  it('keeps nothing of a write whose source fails', async () => {
    async function* failing() {
      yield randomBytes(2_500);
      throw new Error('connection reset');
    }
    await expect(store.put(bucket, 'c', Readable.from(failing()), { filename: 'c' })).rejects.toThrow(/connection reset/);
    expect(await store.stat(bucket, 'c')).toBeNull();
    expect(await bucket.chunks.countDocuments({ files_id: 'c' })).toBe(0);
  });

  it('removes a file and its chunks, and a missing one quietly', async () => {
    await store.remove(bucket, 'a');
    await store.remove(bucket, 'never-stored');
    expect(await store.stat(bucket, 'a')).toBeNull();
    expect(await bucket.chunks.countDocuments()).toBe(0);
  });
});
