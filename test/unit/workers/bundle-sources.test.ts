// The workflow bundle is cached by a hash of the folders it is made of (workers/bundle.ts):
// every file the workflows import at run time must sit in one of them, or a change to it
// would reuse a stale bundle (contracts/names.ts was outside the hash until 2026-11-28).
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUNDLE_SOURCES } from '../../../workers/bundle';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** The relative imports of a file that stay in the bundle: type-only imports are erased. */
function runtimeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?\bfrom\s+'(\.{1,2}\/[^']+)'/gms)].map((m) => m[1]!);
  return specifiers.map((s) => resolve(dirname(file), s.endsWith('.ts') ? s : `${s}.ts`));
}

function reachable(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...runtimeImports(file));
  }
  return seen;
}

describe('the workflow bundle cache key', () => {
  it('hashes every folder the workflows import at run time', () => {
    const folders = new Set([...reachable(join(ROOT, 'workflows/index.ts'))].map((f) => relative(ROOT, f).split('/')[0]!));
    expect([...folders].sort()).toEqual([...BUNDLE_SOURCES].sort());
  });

  it('sees a runtime import, and not a type-only one', () => {
    const imports = runtimeImports(join(ROOT, 'workflows/chat.ts')).map((f) => relative(ROOT, f));
    expect(imports).toContain('contracts/names.ts');
    expect(imports.some((f) => f.startsWith('activities/'))).toBe(false);
  });
});
