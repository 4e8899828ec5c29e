// No import circle in the project's own TypeScript, type-only edges included.
// eslint's import-x/no-cycle skips `import type`, so a circle with one type-only
// edge passes the lint; this walk counts every edge TypeScript's pre-processor
// sees: `import`, `import type`, `export … from`, `import()` and `require()`.
// It reads each file's imports with the scanner, not a full program, so it stays fast.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');

/** Not ours, or not TypeScript: dependencies, installed tools, build output, the Python SDK. */
const SKIP_DIRS = new Set(['node_modules', 'dist', 'clients/python', 'bench/results']);
const SOURCE = /\.(?:ts|tsx|mts|cts)$/;
/** The rooms with TypeScript in them: a walk that missed one would pass without looking at it. */
const ROOMS = [
  'activities',
  'api',
  'bench',
  'cli',
  'clients',
  'config',
  'contracts',
  'core',
  'http',
  'mcp',
  'net',
  'scripts',
  'services',
  'store',
  'test',
  'tooling',
  'web',
  'workers',
  'workflows',
];

/** Every TypeScript file of the repository, relative to ROOT with `/` separators. */
function sourceFiles(dir = ''): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    // Dot directories are tools' homes (.git, .tools, .data, .ci's caches).
    if (entry.name.startsWith('.') || SKIP_DIRS.has(path)) continue;
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else if (entry.isFile() && SOURCE.test(entry.name)) files.push(path);
  }
  return files;
}

/** The candidates a relative specifier may name, in TypeScript's bundler order. */
function candidates(base: string): string[] {
  const stem = base.replace(/\.(?:js|mjs|cjs)$/, '');
  const withExt = stem === base ? [] : [`${stem}.ts`, `${stem}.mts`, `${stem}.cts`, `${stem}.tsx`, `${stem}.d.ts`];
  return [base, ...withExt, `${base}.ts`, `${base}.tsx`, `${base}.d.ts`, `${base}/index.ts`, `${base}/index.tsx`];
}

interface Graph {
  /** file → the files it imports (sources of this repository only). */
  edges: Map<string, Set<string>>;
  /** Relative specifiers that named nothing on disk, as `file: specifier`. */
  unresolved: string[];
}

/** The import graph of `files`; `read` gives a file's text and `exists` says whether a path is a file (the disk, or a graph in memory). */
function importGraph(files: string[], read: (file: string) => string, exists: (file: string) => boolean): Graph {
  const known = new Set(files);
  const edges = new Map<string, Set<string>>();
  const unresolved: string[] = [];
  for (const file of files) {
    const targets = new Set<string>();
    const { importedFiles } = ts.preProcessFile(read(file), true, true);
    for (const { fileName: specifier } of importedFiles) {
      if (!specifier.startsWith('./') && !specifier.startsWith('../')) continue; // a package or node: built-in
      const base = join(dirname(file), specifier).split('\\').join('/');
      const found = candidates(base).find((c) => known.has(c) || exists(c));
      if (found === undefined) unresolved.push(`${file}: ${specifier}`);
      else if (known.has(found)) targets.add(found); // JSON, .mjs and the like: leaves, not ours to walk
    }
    edges.set(file, targets);
  }
  return { edges, unresolved };
}

interface Circle {
  /** Every file of the circle (a strongly connected component of the graph), sorted. */
  files: string[];
  /** One closed path through it, from its first file back to that file. */
  path: string[];
}

/** Each import circle: the strongly connected components with more than one file, or a file importing itself. */
function circles(edges: Map<string, Set<string>>): Circle[] {
  // Tarjan's algorithm, iterative so a deep chain cannot overflow the stack.
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  for (const start of [...edges.keys()].sort()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; children: string[] }> = [];
    const enter = (node: string): void => {
      index.set(node, next);
      low.set(node, next);
      next += 1;
      stack.push(node);
      onStack.add(node);
      work.push({ node, children: [...(edges.get(node) ?? [])].sort() });
    };
    enter(start);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const child = top.children.shift();
      if (child !== undefined) {
        if (!index.has(child)) enter(child);
        else if (onStack.has(child)) low.set(top.node, Math.min(low.get(top.node)!, index.get(child)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(top.node)!));
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== top.node);
        if (component.length > 1 || edges.get(top.node)?.has(top.node)) components.push(component.sort());
      }
    }
  }
  return components.map((files) => ({ files, path: closedPath(files, edges) }));
}

/** One path from the component's first file back to itself (breadth first, so the shortest), for a readable message. */
function closedPath(component: string[], edges: Map<string, Set<string>>): string[] {
  const members = new Set(component);
  const first = component[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [first];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const target of [...(edges.get(node) ?? [])].sort()) {
      if (!members.has(target)) continue;
      if (target === first) {
        const path = [node];
        while (path[0] !== first) path.unshift(cameFrom.get(path[0]!)!);
        return [...path, first];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return component;
}

function describeCircles(found: Circle[]): string {
  return found.map(({ files, path }) => `  ${files.length} files: ${files.join(', ')}\n    e.g. ${path.join(' → ')}`).join('\n');
}

describe('import circles', () => {
  it('the walk finds a circle through a type-only edge and an export-from (a graph in memory)', () => {
    const sources: Record<string, string> = {
      'a/one.ts': "import { two } from './two';\nexport const one = two;\n",
      'a/two.ts': "export { three as two } from '../b/three';\n",
      'b/three.ts': "import type { One } from '../a/one.ts';\nexport const three = 3 as One;\n",
      'b/index.ts': "export * from './three.js';\n",
      'c/leaf.ts': "import { three } from '../b';\nimport data from './data.json';\nexport const leaf = [three, data];\n",
      'c/data.json': '{}',
    };
    const files = Object.keys(sources).filter((f) => SOURCE.test(f));
    const graph = importGraph(
      files,
      (f) => sources[f]!,
      (f) => f in sources,
    );
    expect(graph.unresolved).toEqual([]);
    expect(graph.edges.get('c/leaf.ts')).toEqual(new Set(['b/index.ts']));
    expect(circles(graph.edges)).toEqual([{ files: ['a/one.ts', 'a/two.ts', 'b/three.ts'], path: ['a/one.ts', 'a/two.ts', 'b/three.ts', 'a/one.ts'] }]);
  });

  it("the project's own sources have none", () => {
    const files = sourceFiles();
    for (const room of ROOMS) {
      expect(
        files.some((f) => f.startsWith(`${room}/`)),
        room,
      ).toBe(true);
    }
    const graph = importGraph(
      files,
      (f) => readFileSync(join(ROOT, f), 'utf8'),
      (f) => existsSync(join(ROOT, f)) && statSync(join(ROOT, f)).isFile(),
    );
    // An import the walk cannot follow would hide its edge; a scanner that read no imports would find no circle.
    expect(graph.unresolved).toEqual([]);
    expect([...graph.edges.values()].reduce((n, targets) => n + targets.size, 0)).toBeGreaterThan(files.length);
    const found = circles(graph.edges);
    expect(
      found.map((c) => c.files),
      `import circles (type-only edges count):\n${describeCircles(found)}`,
    ).toEqual([]);
  });
});
