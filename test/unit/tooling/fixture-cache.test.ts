import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureCacheDir, generatorHash, makeFixtures } from '../../../tooling/make-fixtures';

// A fresh clone copies the fixtures the machine has made before instead of making them
// again. `corrupt` and `empty` are made without ffmpeg, so the test stays a unit test.
const ONLY = ['corrupt', 'empty'];
const root = mkdtempSync(join(tmpdir(), 'holdline-fixture-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const make = async (outDir: string, cacheDir: string | null) => {
  const lines: string[] = [];
  const built = await makeFixtures({ outDir, cacheDir, only: ONLY, log: (line) => lines.push(line) });
  return { built, lines };
};
const listing = (dir: string) => readdirSync(dir).sort();

describe('the fixture cache', () => {
  const cache = join(root, 'cache');

  it('keeps what a clone made, and a second clone copies it whole instead of making it', async () => {
    const first = await make(join(root, 'clone-1'), cache);
    expect(first.lines.filter((l) => l.startsWith('made '))).toHaveLength(2);
    expect(listing(cache)).toEqual(['corrupt.mp4', 'corrupt.truth.json', 'empty.mp4', 'empty.truth.json']);

    const second = await make(join(root, 'clone-2'), cache);
    expect(second.lines).toEqual(['copied corrupt.mp4 from the fixture cache', 'copied empty.mp4 from the fixture cache']);
    // No scratch file left behind in either folder, and the same bytes and truth as the maker's.
    expect(listing(join(root, 'clone-2'))).toEqual(listing(cache));
    for (const f of second.built) {
      expect(readFileSync(f.path)).toEqual(readFileSync(join(root, 'clone-1', f.truth.file)));
      expect(f.truth).toMatchObject(first.built.find((b) => b.name === f.name)!.truth);
    }
  });

  it("makes a fixture again when the cache's copy is from another generator", async () => {
    const truthPath = join(cache, 'empty.truth.json');
    writeFileSync(truthPath, readFileSync(truthPath, 'utf8').replace(/"generator": "[0-9a-f]+"/, '"generator": "0000000000000000"'));
    const third = await make(join(root, 'clone-3'), cache);
    expect(third.lines).toEqual(['copied corrupt.mp4 from the fixture cache', expect.stringMatching(/^made empty\.mp4 /)]);
    // The copy made again replaces the stale one.
    expect(JSON.parse(readFileSync(truthPath, 'utf8')).generator).toBe(await generatorHash());
  });

  it('is off with HOLDLINE_FIXTURE_CACHE=off, and else one folder per generator under the install cache', async () => {
    const generator = await generatorHash();
    expect(fixtureCacheDir(generator, { HOLDLINE_FIXTURE_CACHE: 'off', HOLDLINE_CACHE_DIR: '/c' })).toBeUndefined();
    expect(fixtureCacheDir(generator, { HOLDLINE_CACHE_DIR: '/c' })).toBe(`/c/fixtures-${generator}`);
    expect(fixtureCacheDir(generator, { XDG_CACHE_HOME: '/x' })).toBe(`/x/holdline/fixtures-${generator}`);
  });
});
