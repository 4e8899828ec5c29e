// Routes take their request and reply types from their TypeBox schemas
// (core/wire/, through @fastify/type-provider-typebox), so a route file needs no
// cast of what a request carries. This counts the casts that typing replaced:
// `as {…}` anywhere and `request.body/params/query/headers as …`.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../../', import.meta.url);
const FOLDERS = ['api/routes', 'web/routes', 'web'];

const routeFiles = FOLDERS.flatMap((folder) =>
  readdirSync(new URL(folder, ROOT))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => `${folder}/${name}`),
);

const CASTS = [/\sas\s*\{/, /request\.(body|params|query|headers)\)?\s+as\s/];

describe('route files', () => {
  it('are found (the check below reads real files)', () => {
    expect(routeFiles).toEqual(expect.arrayContaining(['api/routes/scans.ts', 'web/routes/site.ts', 'web/scope.ts']));
  });

  it('cast nothing a request carries and no object type', () => {
    const casts = routeFiles.flatMap((file) =>
      readFileSync(new URL(file, ROOT), 'utf8')
        .split('\n')
        .flatMap((line, index) => (CASTS.some((cast) => cast.test(line)) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(casts).toEqual([]);
  });

  it('the check catches a cast', () => {
    expect(CASTS.some((cast) => cast.test('    const { id } = request.params as { id: string };'))).toBe(true);
    expect(CASTS.some((cast) => cast.test('    const form = request.body as Form;'))).toBe(true);
    expect(CASTS.some((cast) => cast.test('    const page = (request.query as Paging).page;'))).toBe(true);
  });
});
