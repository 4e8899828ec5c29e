// The code samples of the reference (`x-codeSamples`, api/openapi-samples.ts):
// every documented operation has curl, TypeScript and Python; the TypeScript
// samples compile against the client in clients/js (its real method and option
// names, strict); every call of a Python sample binds to the signature of what
// it calls in clients/python (or httpx, or the openai package), with the
// clients' own Python (scripts/install-pyclients.sh); each curl names the
// operation's method and path.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import ts from 'typescript';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/app';
import { documentedRoutes } from '../../../api/openapi';
import type { CodeSample } from '../../../api/openapi-samples';
import { REPO_ROOT } from '../../../tooling/repo-root';
import { fakeDeps } from '../fake-deps';

type Operation = { 'x-codeSamples'?: CodeSample[] };
let app: FastifyInstance;
let samples: { name: string; samples: CodeSample[] }[];

beforeAll(async () => {
  app = await buildApp(fakeDeps());
  const doc = (await app.inject('/openapi.json')).json() as { paths: Record<string, Record<string, Operation>> };
  samples = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, samples: operation['x-codeSamples'] ?? [] })),
  );
});
afterAll(async () => {
  await app.close();
});

const of = (lang: CodeSample['lang']) => samples.map(({ name, samples: all }) => ({ name, source: all.find((s) => s.lang === lang)?.source ?? '' }));

describe('the code samples of the reference', () => {
  it('gives every operation curl, TypeScript and Python, in that order', () => {
    expect(samples).toHaveLength(documentedRoutes().length);
    const missing = samples.filter((s) => s.samples.map((sample) => sample.lang).join(',') !== 'Shell,TypeScript,Python').map((s) => s.name);
    expect(missing).toEqual([]);
  });

  it('has each curl call the operation: its method and path', () => {
    const wrong = of('Shell').filter(({ name, source }) => {
      const [method, path] = name.split(' ') as [string, string];
      const pattern = new RegExp(`\\$HOLDLINE_BASE_URL${path.replace(/\{\w+\}/g, '[a-z]{3}_[0-9a-f]{24}')}(\\?|"|$)`);
      const explicit = method === 'GET' || (method === 'POST' && /( -d | -F )/.test(source)) || source.includes(`-X ${method}`);
      return !pattern.test(source) || !explicit;
    });
    expect(wrong.map(({ name }) => name)).toEqual([]);
  });

  it('compiles every TypeScript sample against clients/js, strictly', () => {
    // One module: the samples' imports at the top, each sample's body in a function of its own.
    const imports = new Set<string>();
    const bodies = of('TypeScript').map(({ source }, i) => {
      const lines = source.split('\n');
      for (const line of lines.filter((l) => l.startsWith('import '))) imports.add(line);
      return `export async function sample${i}() {\n${lines.filter((l) => !l.startsWith('import ')).join('\n')}\n}`;
    });
    const file = join(REPO_ROOT, 'test', 'unit', 'api', '__samples__.ts');
    const text = `${[...imports].join('\n')}\n${bodies.join('\n')}\n`;
    const options: ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2023.d.ts'],
      types: ['node'],
      strict: true,
      noUncheckedIndexedAccess: true,
      skipLibCheck: true,
      noEmit: true,
      baseUrl: REPO_ROOT,
      paths: { '@holdline/client': ['clients/js/src/index.ts'] },
    };
    const host = ts.createCompilerHost(options);
    const read = host.getSourceFile.bind(host);
    host.getSourceFile = (name, version, ...rest) => (name === file ? ts.createSourceFile(name, text, version) : read(name, version, ...rest));
    const program = ts.createProgram([file], options, host);
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file?.fileName === file)
      .map((d) => {
        const line = d.file!.getLineAndCharacterOfPosition(d.start ?? 0).line;
        return `${text.split('\n')[line]}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
      });
    expect(problems).toEqual([]);
  }, 120_000);

  it('binds every call of a Python sample to what it calls in the clients, httpx or openai', () => {
    const checker = String.raw`
import ast, inspect, json, sys
import httpx, openai
from holdline import Holdline

roots = {
    "client": Holdline(api_key="sk_sig_x", base_url="http://127.0.0.1:9"),
    "openai_client": openai.OpenAI(api_key="x", base_url="http://127.0.0.1:9/v1"),
    "httpx": httpx,
}
problems = []
for name, source in json.load(sys.stdin):
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        chain, func = [], node.func
        while isinstance(func, ast.Attribute):
            chain.insert(0, func.attr)
            func = func.value
        if not isinstance(func, ast.Name) or func.id not in roots or not chain:
            continue
        target = roots[func.id]
        try:
            for attr in chain:
                target = getattr(target, attr)
            args = [None] * len(node.args)
            inspect.signature(target).bind(*args, **{k.arg: None for k in node.keywords if k.arg})
        except (AttributeError, TypeError) as error:
            problems.append(f"{name}: {func.id}.{'.'.join(chain)}: {error}")
print(json.dumps(problems))
`;
    const input = JSON.stringify(of('Python').map(({ name, source }) => [name, source]));
    const run = spawnSync(join(REPO_ROOT, '.tools', 'pyclients', 'venv', 'bin', 'python'), ['-c', checker], {
      input,
      env: { PATH: process.env.PATH ?? '', PYTHONPATH: join(REPO_ROOT, 'clients', 'python', 'src'), PYTHONDONTWRITEBYTECODE: '1' },
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual([]);
    // The calls are real calls: the checker saw the client's own methods.
    expect(of('Python').filter(({ source }) => source.includes('client.scans.')).length).toBeGreaterThan(5);
  }, 60_000);
});
