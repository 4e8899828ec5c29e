import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureCacheDir, generatorHash, generatorSources } from '../../../tooling/fixtures/cache';
import { makeFixtures } from '../../../tooling/fixtures/make';
import { REPO_ROOT } from '../../../tooling/repo-root';

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

  it("hashes every file of the checkout that the generators' code reaches", () => {
    // The fixtures are kept while the hash stays the same, so a file the generators import
    // and the hash leaves out could change them without their being made again. Walk every
    // relative import (type-only ones too: a changed type can change a recipe) from the
    // maker and the command and require each file reached among the hashed sources.
    const sources = generatorSources();
    const reached = new Set<string>();
    const pending = ['tooling/fixtures/make.ts', 'tooling/fixtures/main.ts'];
    for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
      if (reached.has(file)) continue;
      reached.add(file);
      for (const { fileName } of ts.preProcessFile(readFileSync(join(REPO_ROOT, file), 'utf8'), true, true).importedFiles) {
        if (!fileName.startsWith('./') && !fileName.startsWith('../')) continue; // a package or a node: built-in
        const base = join(dirname(file), fileName);
        const target = [`${base}.ts`, `${base}/index.ts`, base].find((candidate) => existsSync(join(REPO_ROOT, candidate)));
        expect(target, `${file} imports ${fileName}, which is no file`).toBeDefined();
        pending.push(target!.split('\\').join('/'));
      }
    }
    expect([...reached].filter((file) => !sources.includes(file)).sort()).toEqual([]);
    // Both ends of the walk are in the hash, and every hashed file exists.
    expect(sources).toEqual(expect.arrayContaining(['tooling/fixtures/make.ts', 'tooling/fixtures/uploads/sound.ts', 'tooling/xorshift.ts']));
    for (const file of sources) expect(existsSync(join(REPO_ROOT, file)), file).toBe(true);
  });
});
