// vitest.config.ts splits the suite into a parallel `unit` project and a sequential
// `integration` project that owns the shared stack (docs/tests.md, "The time
// budget"). A file outside both includes would silently never run, a file in both
// would run twice, and a unit file that reaches for the stack would fail only when
// run alone; these checks catch each on the files as they are on disk.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../../vitest.config';

const ROOT = resolve(import.meta.dirname, '../../..');

interface Project {
  name: string;
  /** The directories its include globs cover, each as `dir/**\/*.test.ts`. */
  dirs: string[];
  globalSetup: string[];
}

function projects(): Project[] {
  return (config.test?.projects ?? []).map((p) => {
    if (typeof p !== 'object' || p === null || !('test' in p) || !p.test) throw new Error('each project is an inline config');
    const { name, include = [], globalSetup = [] } = p.test;
    const dirs = include.map((glob) => {
      const dir = /^([\w/-]+)\/\*\*\/\*\.test\.ts$/.exec(glob)?.[1];
      if (!dir) throw new Error(`project ${String(name)}: include ${glob} is not of the form dir/**/*.test.ts`);
      return dir;
    });
    return { name: String(name), dirs, globalSetup: [globalSetup].flat() };
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
    const owners = files.map((file) => ({ file, in: all.filter((p) => p.dirs.some((d) => file.startsWith(`${d}/`))).map((p) => p.name) }));
    expect(owners.filter((o) => o.in.length !== 1)).toEqual([]);
  });

  it('starts the stack only for the integration project', () => {
    const byName = new Map(projects().map((p) => [p.name, p]));
    expect([...byName.keys()].sort()).toEqual(['integration', 'unit']);
    expect(byName.get('unit')!.globalSetup).toEqual([]);
    expect(byName.get('integration')!.globalSetup).toEqual(['test/global-setup.ts']);
    // The root config's global setup would run for every run, unit files alone included.
    expect(config.test?.globalSetup).toBeUndefined();
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
