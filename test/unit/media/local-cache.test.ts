import { mkdtemp, mkdir, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalMediaCache } from '../../../activities/media/local-cache';
import type { MediaStore } from '../../../store/media';

let scratch: string;
// get() is the only method that reaches the store; these tests do not call it.
const cache = () => new LocalMediaCache(scratch, {} as MediaStore);

beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'holdline-cache-test-'));
  await mkdir(join(scratch, 'media'));
});
afterEach(async () => rm(scratch, { recursive: true, force: true }));

describe('LocalMediaCache', () => {
  it('sweeps copies untouched for longer than the age and keeps fresh ones', async () => {
    const now = Date.now();
    await writeFile(join(scratch, 'media', 'scn_000000000000000000000001'), 'old');
    await writeFile(join(scratch, 'media', 'scn_000000000000000000000002'), 'new');
    const old = new Date(now - 7 * 3600_000);
    await utimes(join(scratch, 'media', 'scn_000000000000000000000001'), old, old);
    expect(await cache().sweep(6 * 3600_000, now)).toBe(1);
    expect(await readdir(join(scratch, 'media'))).toEqual(['scn_000000000000000000000002']);
  });

  it('drops a copy, and a missing one without error', async () => {
    await writeFile(join(scratch, 'media', 'scn_000000000000000000000003'), 'x');
    await cache().drop('scn_000000000000000000000003');
    await cache().drop('scn_000000000000000000000004');
    expect(await readdir(join(scratch, 'media'))).toEqual([]);
  });

  it.each(['../etc/passwd', 'scn_../../x', '', 'SCN_000000000000000000000001'])('refuses %j as a scan id', async (id) => {
    await expect(cache().drop(id)).rejects.toThrow(/not a scan id/);
  });
});
