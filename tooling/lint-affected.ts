// What a warm `npm test` must lint again beyond the files that changed (scripts/test.sh).
// ESLint's own cache (`--cache --cache-strategy content`) judges each file by its own
// content, but two of our rules read other files: `no-floating-promises` asks the type
// checker what a call returns, and `import-x/no-cycle` walks the import graph. A file
// that did not change can break when a file it imports, directly or not, changes. So
// test.sh lints the tree with the cache, then lints without it the unchanged files whose
// import closure holds a changed file: this prints those, one a line.
//
//   node --import tsx tooling/lint-affected.ts MANIFEST NEXT
//
// prints them (`*` alone: lint everything) and writes to NEXT the hashes of the tree as
// it is now, which test.sh moves to MANIFEST once the lint has passed. MANIFEST holds
// each file's content hash as of the last passing lint, by path from the
// repository's root, so a clone in another folder reads it too. No manifest, or a changed
// file that declares a module augmentation or a global (it reaches files that never
// import it), means everything.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

type Manifest = Record<string, string>;

/** Every file git tracks or would track (untracked but not ignored; a symlink to a directory is no file), by path from the root. */
function treeFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024 });
  return [...new Set(out.toString('utf8').split('\0').filter(Boolean))]
    .filter((path) => statSync(join(REPO_ROOT, path), { throwIfNoEntry: false })?.isFile())
    .sort();
}

const hashOf = (path: string) =>
  createHash('sha256')
    .update(readFileSync(join(REPO_ROOT, path)))
    .digest('hex');

function currentManifest(files: string[]): Manifest {
  return Object.fromEntries(files.map((path) => [path, hashOf(path)]));
}

/** The repository files a TypeScript file imports or re-exports (relative specifiers; packages are keyed by the lockfile). */
function importsOf(path: string, known: Set<string>): string[] {
  const info = ts.preProcessFile(readFileSync(join(REPO_ROOT, path), 'utf8'), true, true);
  const found: string[] = [];
  for (const { fileName } of info.importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const base = posix.normalize(posix.join(posix.dirname(path), fileName));
    const candidates = [base, `${base}.ts`, `${base}/index.ts`, base.replace(/\.js$/, '.ts'), base.replace(/\.mjs$/, '.mts')];
    const hit = candidates.find((candidate) => known.has(candidate));
    if (hit) found.push(hit);
  }
  return found;
}

function affected(manifestPath: string, files: string[], now: Manifest): string[] | '*' {
  if (!existsSync(manifestPath)) return '*';
  const before = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const changed = new Set([...files.filter((path) => before[path] !== now[path]), ...Object.keys(before).filter((path) => !(path in now))]);
  for (const path of changed) {
    if (path in now && /\.m?ts$/.test(path) && /\bdeclare\s+(module|global)\b/.test(readFileSync(join(REPO_ROOT, path), 'utf8'))) return '*';
  }
  const known = new Set(files);
  const importers = new Map<string, string[]>();
  for (const path of files.filter((p) => /\.m?ts$/.test(p))) {
    for (const target of importsOf(path, known)) importers.set(target, [...(importers.get(target) ?? []), path]);
  }
  // Everything whose import closure reaches a changed (or removed) file.
  const reached = new Set<string>();
  const queue = [...changed];
  while (queue.length > 0) {
    for (const importer of importers.get(queue.pop()!) ?? []) {
      if (!reached.has(importer)) {
        reached.add(importer);
        queue.push(importer);
      }
    }
  }
  // Changed files are linted by the cached pass already (their content differs).
  return [...reached].filter((path) => !changed.has(path)).sort();
}

const [manifestPath, nextPath] = process.argv.slice(2);
if (!manifestPath || !nextPath) {
  process.stderr.write('usage: lint-affected.ts MANIFEST NEXT\n');
  process.exit(2);
}
const files = treeFiles();
const now = currentManifest(files);
writeFileSync(nextPath, `${JSON.stringify(now)}\n`);
const result = affected(manifestPath, files, now);
process.stdout.write(result === '*' ? '*\n' : result.map((path) => `${path}\n`).join(''));
