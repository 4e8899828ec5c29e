// The reference a reader gets from /openapi.json: every operation has a summary,
// a description and an example (recorded from a real scan by
// tooling/openapi-examples.ts), every status says what it means (never
// "Default Response"), every header the API reads or writes is named, and
// unions of literals list their values as `enum`. A failure names the
// operations that lack something, so a route added without its words shows here.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/app';
import { documentedRoutes } from '../../../api/openapi';
import { OPERATION_TEXT } from '../../../api/openapi-text';
import recorded from '../../../api/openapi-examples.json' with { type: 'json' };
import { accountWithKey, fakeDeps } from '../fake-deps';

interface Media {
  schema?: object;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}
interface Ref {
  $ref: string;
}
interface Response {
  description: string;
  headers?: Record<string, Ref>;
  content?: Record<string, Media>;
}
interface Operation {
  summary?: string;
  description?: string;
  parameters?: (Ref | { name: string; in: string })[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, Response>;
  security?: Record<string, unknown>[];
}
interface Document {
  info: { description: string };
  webhooks?: Record<string, { post: Operation }>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    headers: Record<string, { description: string }>;
    parameters: Record<string, { name: string; in: string; description: string }>;
    schemas: Record<string, object>;
  };
}

let app: FastifyInstance;
let raw: string;
let doc: Document;
/** A schema, or the named one its `$ref` points at. */
const resolved = (schema: unknown): Record<string, unknown> => {
  const ref = (schema as { $ref?: string }).$ref;
  return (ref ? doc.components.schemas[ref.replace('#/components/schemas/', '')] : schema) as Record<string, unknown>;
};
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
  );

beforeAll(async () => {
  app = await buildApp(fakeDeps());
  raw = (await app.inject('/openapi.json')).body;
  doc = JSON.parse(raw) as Document;
});
afterAll(async () => {
  await app.close();
});

describe('the OpenAPI reference', () => {
  it('says "Default Response" nowhere', () => {
    expect(raw).not.toContain('Default Response');
    const undescribed = operations().flatMap(({ name, operation }) =>
      Object.entries(operation.responses)
        .filter(([, r]) => !r.description?.trim())
        .map(([s]) => `${name} ${s}`),
    );
    expect(undescribed).toEqual([]);
  });

  it('gives every operation a summary and a description', () => {
    expect(operations().length).toBe(documentedRoutes().length);
    expect(
      operations()
        .filter(({ operation }) => !operation.summary?.trim())
        .map(({ name }) => name),
    ).toEqual([]);
    expect(
      operations()
        .filter(({ operation }) => !operation.description?.trim())
        .map(({ name }) => name),
    ).toEqual([]);
  });

  it('gives every operation a recorded response example, and every request body one', () => {
    const withoutResponse = operations().filter(
      ({ operation }) => !Object.values(operation.responses).some((r) => Object.values(r.content ?? {}).some((m) => m.example !== undefined)),
    );
    expect(withoutResponse.map(({ name }) => name)).toEqual([]);
    const withoutRequest = operations().filter(
      ({ operation }) => operation.requestBody && !Object.values(operation.requestBody.content).some((m) => m.example !== undefined),
    );
    expect(withoutRequest.map(({ name }) => name)).toEqual([]);
    // Every recorded operation is still a documented route (none left behind by a rename).
    expect(Object.keys(recorded.operations).filter((key) => !documentedRoutes().includes(key))).toEqual([]);
  });

  it('shows DELETE /v1/account closing with the password, the key alone refused (400) and a wrong password refused (403), as the route answers them', async () => {
    const close = doc.paths['/v1/account']!.delete!;
    const example = close.requestBody!.content['application/json']!.example as { email?: string; password?: string };
    expect(Object.keys(example).sort()).toEqual(['email', 'password']);
    const deps = fakeDeps();
    const live = await buildApp(deps);
    try {
      const { account, auth } = await accountWithKey(deps);
      await deps.sessions.setPassword(account._id, 'the password');
      const answer = async (payload: object) => (await live.inject({ method: 'DELETE', url: '/v1/account', headers: auth, payload })).json();
      expect(close.responses['400']!.content!['application/json']!.example).toEqual(await answer({ email: account.email }));
      expect(close.responses['403']!.content!['application/json']!.example).toEqual(await answer({ email: account.email, password: 'not it' }));
    } finally {
      await live.close();
    }
  });

  it('has examples that fit their own schemas', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    const misfits: string[] = [];
    for (const { name, operation } of operations()) {
      const media = [
        ...Object.entries(operation.requestBody?.content ?? {}).map(([type, m]) => [`request ${type}`, m] as const),
        ...Object.entries(operation.responses).flatMap(([status, r]) => Object.entries(r.content ?? {}).map(([type, m]) => [`${status} ${type}`, m] as const)),
      ];
      for (const [where, m] of media) {
        // The multipart example stands for a file's bytes with a sentence; its schema says binary.
        if (m.example === undefined || !m.schema || where.includes('multipart')) continue;
        const validate = ajv.compile({ ...m.schema, components: doc.components });
        if (!validate(m.example)) misfits.push(`${name} ${where}: ${ajv.errorsText(validate.errors)}`);
      }
    }
    expect(misfits).toEqual([]);
  });

  it('names every header the API reads or writes', () => {
    expect(Object.keys(doc.components.parameters).sort()).toEqual(['Idempotency-Key', 'x-request-id']);
    expect(Object.keys(doc.components.headers).sort()).toEqual([
      'idempotent-replayed',
      'retry-after',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
      'x-request-id',
    ]);
    for (const described of [...Object.values(doc.components.parameters), ...Object.values(doc.components.headers)])
      expect(described.description.length).toBeGreaterThan(20);
    const params = (operation: Operation) => (operation.parameters ?? []).map((p) => ('$ref' in p ? p.$ref : `${p.in}:${p.name}`));
    for (const { name, operation } of operations()) {
      expect(params(operation), name).toContain('#/components/parameters/x-request-id');
      for (const [status, response] of Object.entries(operation.responses)) {
        const headers = Object.keys(response.headers ?? {});
        expect(headers, `${name} ${status}`).toContain('x-request-id');
        if (status === '429') expect(headers, `${name} ${status}`).toContain('Retry-After');
        const counted =
          (operation.security ?? []).some((requirement) => 'apiKey' in requirement) && OPERATION_TEXT[name.replace(/\{(\w+)\}/g, ':$1')]?.rateWindow !== false;
        if (counted && status !== '401')
          expect(headers, `${name} ${status}`).toEqual(expect.arrayContaining(['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']));
      }
    }
    for (const submission of [doc.paths['/v1/scans']!.post!, doc.paths['/v1/scans/{id}/recut']!.post!]) {
      expect(params(submission)).toContain('#/components/parameters/Idempotency-Key');
      expect(Object.keys(submission.responses['202']!.headers!)).toContain('Idempotent-Replayed');
    }
    expect(params(doc.paths['/v1/scans/{id}']!.get!)).not.toContain('#/components/parameters/Idempotency-Key');
    const submit = doc.paths['/v1/scans']!.post!.requestBody!.content;
    for (const type of ['application/json', 'multipart/form-data']) {
      const webhookUrl = (resolved(submit[type]!.schema) as { properties: Record<string, { description?: string }> }).properties.webhook_url;
      expect(webhookUrl?.description, type).toMatch(/signed POST/);
    }
    expect(doc.paths['/v1/scans']!.post!.description).toMatch(/webhook_url[\s\S]*Idempotency-Key/);
  });

  it('names every JSON body: a $ref into components.schemas, where generated clients find a named type', () => {
    const bodies = operations().flatMap(({ name, operation }) => [
      ...Object.entries(operation.requestBody?.content ?? {}).map(([type, m]) => [`${name} request ${type}`, m.schema] as const),
      ...Object.entries(operation.responses).flatMap(([status, r]) =>
        Object.entries(r.content ?? {}).map(([type, m]) => [`${name} ${status} ${type}`, m.schema] as const),
      ),
    ]);
    const objects = bodies.filter(([where]) => where.includes('json') || where.includes('multipart'));
    expect(objects.filter(([, schema]) => !(schema as { $ref?: string } | undefined)?.$ref).map(([where]) => where)).toEqual([]);
    const dangling = objects
      .map(([, schema]) => (schema as { $ref: string }).$ref.replace('#/components/schemas/', ''))
      .filter((name) => !doc.components.schemas[name]);
    expect(dangling).toEqual([]);
    for (const name of [
      'Scan',
      'TimelineEntry',
      'Moment',
      'Dip',
      'DipCause',
      'HookReport',
      'ScanHistory',
      'Recut',
      'ChatCompletion',
      'ErrorDetail',
      'OpenAIError',
      'ScanEndedEvent',
    ])
      expect(doc.components.schemas, name).toHaveProperty(name);
  });

  it('describes every field of every response body and of the webhook event, following named schemas', () => {
    const undescribed = new Set<string>();
    const visited = new Set<string>();
    const described = (node: Record<string, unknown>) => Boolean(node.description) || Boolean(node.$ref && resolved(node).description);
    const walk = (node: unknown, where: string): void => {
      if (typeof node !== 'object' || node === null) return;
      const schema = node as Record<string, unknown>;
      if (typeof schema.$ref === 'string') {
        if (visited.has(schema.$ref)) return;
        visited.add(schema.$ref);
        return walk(resolved(schema), schema.$ref.replace('#/components/schemas/', ''));
      }
      for (const [name, field] of Object.entries((schema.properties ?? {}) as Record<string, Record<string, unknown>>)) {
        if (!described(field)) undescribed.add(`${where}.${name}`);
        walk(field, `${where}.${name}`);
      }
      if (schema.items) walk(schema.items, `${where}[]`);
      for (const member of [...((schema.anyOf ?? []) as unknown[]), ...((schema.oneOf ?? []) as unknown[])]) walk(member, where);
    };
    for (const { name, operation } of operations())
      for (const [status, response] of Object.entries(operation.responses))
        for (const media of Object.values(response.content ?? {})) walk(media.schema, `${name} ${status}`);
    const webhooks = doc.webhooks ?? {};
    for (const [name, hook] of Object.entries(webhooks)) walk(hook.post.requestBody?.content['application/json']?.schema, `webhook ${name}`);
    expect([...undescribed]).toEqual([]);
    // The read's fields are described from the method, not left as bare types.
    const scan = doc.components.schemas.Scan as { properties: Record<string, { description?: string }> };
    expect(scan.properties.score?.description).toMatch(/0 to 100/);
    expect(scan.properties.grade?.description).toMatch(/A\+ from 97/);
    expect(scan.properties.label?.description).toMatch(/Gripping/);
  });

  it('opens with the sections a user reads first, and shows real webhook events', () => {
    const info = doc.info.description;
    const sections = [...info.matchAll(/^# (.+)$/gm)].map((m) => m[1]);
    expect(sections).toEqual(['Getting started', 'Authentication', 'Errors', 'Rate limits', 'Idempotency', 'Webhooks']);
    expect(info).toContain('Authorization: Bearer sk_sig_');
    expect(info).toContain('{"error": {"message", "type", "param", "code"}}');
    expect(info).toMatch(/x-ratelimit-remaining[\s\S]*Retry-After/);
    const hook = doc.webhooks!.scanEnded!.post;
    const examples = Object.values(hook.requestBody!.content['application/json']!.examples!).map((e) => e.value as { type: string; data: object });
    expect(examples.map((e) => e.type)).toEqual(['scan.completed', 'scan.failed']);
    expect(JSON.stringify(examples)).not.toContain('"string"');
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const validate = ajv.compile({ $ref: '#/components/schemas/ScanEndedEvent', components: doc.components });
    for (const example of examples) expect(validate(example), JSON.stringify(example)).toBe(true);
  });

  it('lists the values of every union of literals as an enum', () => {
    const literalUnions: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${path}/${i}`));
      if (typeof node !== 'object' || node === null) return;
      const anyOf = (node as { anyOf?: { enum?: unknown[] }[] }).anyOf;
      if (anyOf && anyOf.length > 1 && anyOf.every((member) => member.enum?.length === 1)) literalUnions.push(path);
      for (const [key, value] of Object.entries(node)) walk(value, `${path}/${key}`);
    };
    walk(doc, '');
    expect(literalUnions).toEqual([]);
    const read = resolved(doc.paths['/v1/scans/{id}']!.get!.responses['200']!.content!['application/json']!.schema) as {
      properties: { dips: { items: object } };
    };
    const dip = resolved(read.properties.dips.items) as { properties: { causes: { items: object } } };
    expect(resolved(dip.properties.causes.items).enum).toEqual([
      'colour_bars',
      'black_frames',
      'slate',
      'still_picture',
      'silence',
      'loudness_drop',
      'no_speech',
      'long_pause',
      'long_shot',
      'slow_cutting',
    ]);
    const cues = read as unknown as { properties: { technical_cues: { items: object } } };
    const cue = resolved(cues.properties.technical_cues.items) as { properties: { kind: object } };
    expect(resolved(cue.properties.kind).enum).toEqual(['colour_bars', 'black_frames', 'slate']);
  });
});
