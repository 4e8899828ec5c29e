// vitest.config.ts splits the suite into a parallel `unit` project, two sequential
// integration projects that each own a stack (`npm test` runs them side by side, in
// two lanes) and the `faults` project, whose files start their own (docs/tests.md,
// "The time budget"). A file outside every project would silently never run, a file
// in two would run twice, and a unit file that reaches for the stack would fail only
// when run alone; these checks catch each on the files as they are on disk.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import config, { LANE_2_DIRS } from '../../../vitest.config';

const ROOT = resolve(import.meta.dirname, '../../..');

interface Project {
  name: string;
  /** The directories its include globs cover, each as `dir/**\/*.test.ts`. */
  dirs: string[];
  /** The directories its exclude globs take out of `dirs` (same form; `**\/node_modules/**` aside). */
  excluded: string[];
  globalSetup: string[];
}

function projects(): Project[] {
  return (config.test?.projects ?? []).map((p) => {
    if (typeof p !== 'object' || p === null || !('test' in p) || !p.test) throw new Error('each project is an inline config');
    const { name, include = [], exclude = [], globalSetup = [] } = p.test;
    const dirOf = (glob: string) => {
      const dir = /^([\w/-]+)\/\*\*\/\*\.test\.ts$/.exec(glob)?.[1];
      if (!dir) throw new Error(`project ${String(name)}: ${glob} is not of the form dir/**/*.test.ts`);
      return dir;
    };
    const dirs = include.map(dirOf);
    const excluded = exclude.filter((glob) => glob !== '**/node_modules/**').map(dirOf);
    return { name: String(name), dirs, excluded, globalSetup: [globalSetup].flat() };
  });
}

function testFiles(): string[] {
  return readdirSync(join(ROOT, 'test'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => relative(ROOT, join(ROOT, 'test', f)))
    .sort();
}

describe('vitest projects', () => {
  it('puts every test file in exactly one project', () => {
    const all = projects();
    const files = testFiles();
    expect(files.length).toBeGreaterThan(100);
    const under = (file: string, dirs: string[]) => dirs.some((d) => file.startsWith(`${d}/`));
    const owners = files.map((file) => ({ file, in: all.filter((p) => under(file, p.dirs) && !under(file, p.excluded)).map((p) => p.name) }));
    expect(owners.filter((o) => o.in.length !== 1)).toEqual([]);
  });

  it('starts the stack only for the integration projects', () => {
    const byName = new Map(projects().map((p) => [p.name, p]));
    expect([...byName.keys()].sort()).toEqual(['faults', 'integration', 'integration-2', 'unit']);
    expect(byName.get('unit')!.globalSetup).toEqual([]);
    expect(byName.get('integration')!.globalSetup).toEqual(['test/global-setup.ts']);
    expect(byName.get('integration-2')!.globalSetup).toEqual(['test/global-setup.ts']);
    // The fault suite starts its own stack for each file: the shared one would only idle.
    expect(byName.get('faults')!.globalSetup).toEqual([]);
    // The root config's global setup would run for every run, unit files alone included.
    expect(config.test?.globalSetup).toBeUndefined();
  });

  it('splits test/integration between the two lanes by directories that exist', () => {
    const byName = new Map(projects().map((p) => [p.name, p]));
    expect(byName.get('integration-2')!.dirs).toEqual(LANE_2_DIRS);
    expect(byName.get('integration')!.excluded).toEqual(LANE_2_DIRS);
    for (const dir of LANE_2_DIRS) expect(testFiles().filter((f) => f.startsWith(`${dir}/`)).length, dir).toBeGreaterThan(0);
  });

  it('has no unit file that needs the stack', () => {
    const stackUse = /from '[^']*(?:integration\/helpers\/(?:stack-env|service)|global-setup)'|inject\('stack'\)/;
    const unitDirs = projects().find((p) => p.name === 'unit')!.dirs;
    const needing = testFiles()
      .filter((f) => unitDirs.some((d) => f.startsWith(`${d}/`)))
      .filter((f) => stackUse.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(needing).toEqual([]);
  });
});
