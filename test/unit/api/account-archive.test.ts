// The account archive's admission (issue 33 item 6): one archive in flight per account
// (429 otherwise, key and website alike), the lease given back however the stream ends,
// and with media=1 the videos' size counted against the account's hourly allowance.
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/app';
import { admitAccountArchive } from '../../../services/export-account';
import { MediaStore } from '../../../store/media';
import { accountWithKey, fakeDeps, scanDocFixture, type FakeDeps } from '../fake-deps';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const MIB = 1024 * 1024;

async function setUp(archiveMediaMibPerHour = 20_480) {
  const deps = fakeDeps({}, { archiveMediaMibPerHour });
  app = await buildApp(deps);
  const owner = await accountWithKey(deps);
  const archive = (media: 0 | 1, auth = owner.auth) => app!.inject({ url: `/v1/account/export?media=${media}`, headers: auth });
  return { deps, owner, archive };
}

/** A complete scan of the account with a stored video of `bytes` bytes. */
async function scanWithVideo(deps: FakeDeps, accountId: string, scanId: string, bytes: number) {
  scanDocFixture(deps, { scanId, accountId, status: 'complete' });
  await deps.media.put('media', MediaStore.mediaId(scanId), Readable.from([Buffer.alloc(bytes, 7)]), { filename: 'clip.mp4', contentType: 'video/mp4' });
}

describe('one account archive in flight', () => {
  it('a second archive while one is being sent is 429 with a short Retry-After; another account is not held up', async () => {
    const { deps, owner, archive } = await setUp();
    const first = await admitAccountArchive(deps, owner.account._id, { media: false });
    const second = await archive(0);
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({ detail: 'an archive of this account is already being downloaded; wait for it to finish, then try again' });
    expect(second.headers['retry-after']).toBe('60');
    const other = await accountWithKey(deps);
    expect((await archive(0, other.auth)).statusCode).toBe(200);
    // The first, read to its end, gives the lease back.
    for await (const chunk of first.stream) expect(chunk).toBeInstanceOf(Uint8Array);
    expect((await archive(0)).statusCode).toBe(200);
    expect((await archive(1)).statusCode).toBe(200);
    expect(deps.rateLimiter.leases.size).toBe(0);
  });

  it('a stream stopped before its end (the client went away) gives the lease back too', async () => {
    const { deps, owner, archive } = await setUp();
    await scanWithVideo(deps, owner.account._id, 'scn_a', 1000);
    const started = await admitAccountArchive(deps, owner.account._id, { media: true });
    await started.stream.next();
    await started.stream.return(undefined);
    expect((await archive(1)).statusCode).toBe(200);
    const never = await admitAccountArchive(deps, owner.account._id, { media: false });
    await never.release();
    expect((await archive(0)).statusCode).toBe(200);
  });
});

describe('media=1 counted by size', () => {
  it("counts the videos' MiB in the account's hour: past the allowance 429 with nothing counted; without videos it still goes", async () => {
    const { deps, owner, archive } = await setUp(3);
    await scanWithVideo(deps, owner.account._id, 'scn_a', 0.6 * MIB);
    await scanWithVideo(deps, owner.account._id, 'scn_b', 0.6 * MIB);
    // 1.2 MiB counts as 2 of the hour's 3.
    expect((await archive(1)).statusCode).toBe(200);
    const refused = await archive(1);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      detail: "this archive's videos (2 MiB) are more than the 1 MiB of the hour's 3 MiB of archived video left; try again in 60 minutes, or without videos",
    });
    expect(Number(refused.headers['retry-after'])).toBe(3600);
    expect((await archive(0)).statusCode).toBe(200);
    deps.clock.advance(3_600_000);
    expect((await archive(1)).statusCode).toBe(200);
  });

  it('an account whose videos alone are over the allowance is told to download them otherwise', async () => {
    const { deps, owner, archive } = await setUp(1);
    await scanWithVideo(deps, owner.account._id, 'scn_a', 1.5 * MIB);
    const refused = await archive(1);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toBe(
      "this account's videos (2 MiB) are more than the 1 MiB of video an archive may send in an hour; download the archive without videos, or each video from its scan",
    );
    expect(deps.rateLimiter.leases.size).toBe(0);
  });
});
