import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FsMediaStore } from '../../../store/media-directory';
import type { MediaBucket, MediaStore } from '../../../store/media';
import { scanAudio, scanMedia } from '../../../store/scan-media';

const SCAN = 'scn_0123456789abcdef01234567';
let dir: string;
let store: FsMediaStore;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'holdline-scan-media-test-'));
  store = new FsMediaStore(join(dir, 'store'));
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

async function text(source: AsyncIterable<unknown>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('scanMedia and scanAudio', () => {
  it('reach the same objects as the store called with the bucket and the scan id', async () => {
    expect(await scanMedia(store, SCAN).put(Readable.from([Buffer.from('video bytes')]), { filename: 'clip.mp4', contentType: 'video/mp4' })).toBe(11);
    expect(await scanAudio(store, SCAN).put(Readable.from([Buffer.from('samples')]), { filename: 'audio.s16le' })).toBe(7);

    expect(await store.stat(store.media, `media:${SCAN}`)).toEqual({ length: 11, contentType: 'video/mp4', filename: 'clip.mp4' });
    expect(await scanMedia(store, SCAN).stat()).toEqual({ length: 11, contentType: 'video/mp4', filename: 'clip.mp4' });
    expect((await scanAudio(store, SCAN).stat())?.length).toBe(7);
    expect(await text(scanMedia(store, SCAN).read({ start: 6, end: 11 }))).toBe('bytes');
    expect(await text(scanAudio(store, SCAN).read())).toBe('samples');

    const copy = join(dir, 'copy.mp4');
    await scanMedia(store, SCAN).download(copy);
    expect(await readFile(copy, 'utf8')).toBe('video bytes');
    expect(await scanMedia(store, SCAN).localPath()).toBe(await store.localPath(store.media, `media:${SCAN}`));

    await scanAudio(store, SCAN).remove();
    expect(await scanAudio(store, SCAN).stat()).toBeNull();
    expect(await scanMedia(store, SCAN).stat()).not.toBeNull();
  });

  it('bind only the calls a narrow port offers, passing the bucket and the id first', async () => {
    const removed: [MediaBucket, string][] = [];
    const port: Pick<MediaStore, 'media' | 'audio' | 'remove'> = {
      media: 'media',
      audio: 'audio',
      remove: async (bucket, id) => void removed.push([bucket, id]),
    };
    const video = scanMedia(port, SCAN);
    expect(Object.keys(video)).toEqual(['remove']);
    await video.remove();
    await scanAudio(port, SCAN).remove();
    expect(removed).toEqual([
      ['media', `media:${SCAN}`],
      ['audio', `audio:${SCAN}`],
    ]);
  });
});
