import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// What the bundle is made of: the workflows, the pure code and the contracts they import,
// the SDK version. A folder missing here would let a change in it reuse a stale bundle
// (test/unit/workers/bundle-sources.test.ts walks the workflows' imports to check).
export const BUNDLE_SOURCES = ['workflows', 'core', 'contracts'];

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : Promise.resolve(e.name.endsWith('.ts') ? [join(dir, e.name)] : []))),
  );
  return nested.flat().sort();
}

async function sourceHash(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of (await Promise.all(BUNDLE_SOURCES.map((d) => filesUnder(join(ROOT, d))))).flat()) {
    hash
      .update(relative(ROOT, file))
      .update('\0')
      .update(await readFile(file))
      .update('\0');
  }
  hash.update(await readFile(join(ROOT, 'node_modules/@temporalio/worker/package.json')));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The workflow bundle for this source tree, built once in a child process and
 * cached by content hash, so webpack's memory and seconds stay out of workers.
 */
export async function workflowBundlePath(cacheDir = join(tmpdir(), 'holdline-workflow-bundles')): Promise<string> {
  const path = join(cacheDir, `workflows-${await sourceHash()}.js`);
  if (existsSync(path)) return path;
  await mkdir(cacheDir, { recursive: true });
  await promisify(execFile)(process.execPath, ['--import', 'tsx', join(ROOT, 'workers/bundle-workflows.ts'), path], { cwd: ROOT });
  return path;
}
