// The OpenAPI 3.1 document (`/openapi.json`) and its reference page (`/docs`).
// The document is generated from the route schemas by @fastify/swagger; this
// file only adds what a schema cannot say: which routes are public, their
// summaries and auth, and the bodies Fastify does not validate (multipart
// upload, the SSE stream, downloads). The words (descriptions, what each
// status means) are in openapi-text.ts; the examples, recorded from a real
// scan by tooling/openapi-examples.ts, in openapi-examples.json.
import { isDeepStrictEqual } from 'node:util';
import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { EXPORT_FORMATS, RECUT_EXPORT_FORMATS } from '../core/exports';
import recordedExamples from './openapi-examples.json' with { type: 'json' };
import { CODE_SAMPLES, type CodeSample } from './openapi-samples';
import { GUIDE, OPERATION_TEXT, STATUS_TEXT } from './openapi-text';
import { registerReferencePage } from './reference-page';
import { OpenAiError } from '../core/wire/chat';
import { ErrorBody } from '../core/wire/common';
import { SubmitScanBody, WebhookEvent } from '../core/wire/scans';
import { webhookEvent } from '../core/webhook';
import { CompleteScan, ErrorScan, InFlightScan, ScanViewBody } from '../core/wire/read';

type Schema = Record<string, unknown>;

const BEARER = [{ apiKey: [] }];
/** A key, or none for a published scan. */
const BEARER_OR_PUBLISHED = [{ apiKey: [] }, {}];
const SESSION = [{ session: [] }];
const NONE: never[] = [];

interface Operation {
  summary: string;
  tags: string[];
  security: Schema[];
  /** The request body may be left out (@fastify/swagger marks every body required). */
  optionalBody?: boolean;
  /** Document-only changes on a copy of the route's schema. */
  extend?: (schema: Schema) => void;
}

const binary = { type: 'string', contentEncoding: 'binary' } as const;

/** The multipart form `POST /v1/scans` streams (http/upload.ts); Fastify validates only the JSON form. */
const uploadForm = {
  title: 'ScanUpload',
  type: 'object',
  properties: {
    file: { ...binary, description: 'the video (one part named "file"; at most the upload limit)' },
    title: { type: 'string', maxLength: 200 },
    webhook_url: SubmitScanBody.properties.webhook_url,
  },
  required: ['file'],
} as const;

/**
 * With `"stream": true` the reply is Server-Sent Events: `data: {chat.completion.chunk}` lines
 * (progress as `delta.reasoning_content`, then the answer), comment lines while idle, and `data: [DONE]`.
 */
const sseStream = {
  type: 'string',
  description: 'Server-Sent Events: `data: <chat.completion.chunk JSON>` lines, `: keep-alive` comments while idle, and a final `data: [DONE]`.',
} as const;

/** `format=otio`: an OpenTimelineIO document (its own schema, checked by the `opentimelineio` package in the tests). */
const otioTimeline = {
  title: 'OtioTimeline',
  type: 'object',
  description: 'An OpenTimelineIO `Timeline.1` document: a video and an audio track of the kept clips, the markers on the stack.',
} as const;

/** The two JSON exports of a scan: `format=json` (the scan as served) and `format=otio`. */
const scanExportJson = {
  title: 'ScanExportJson',
  description: '`format=json`: the scan as `GET /v1/scans/{id}` serves it; `format=otio`: an OpenTimelineIO timeline.',
  anyOf: [ScanViewBody, otioTimeline],
} as const;

function response(schema: Schema, status: string): Schema {
  const responses = (schema.response ??= {}) as Schema;
  return (responses[status] ??= {}) as Schema;
}

/** Every public route, by `METHOD url`; a route not listed here (the website, /docs itself, /metrics) is left out of the document. */
const OPERATIONS: Record<string, Operation> = {
  'GET /healthz': { summary: 'Liveness', tags: ['operations'], security: NONE },
  'GET /readyz': { summary: 'Readiness: MongoDB and Temporal reachable', tags: ['operations'], security: NONE },
  'GET /v1/signals': { summary: 'The four signals and how a scan reads them', tags: ['reference'], security: NONE },
  'GET /v1/demo': { summary: 'The featured demo scan', tags: ['reference'], security: NONE },
  'POST /v1/scans': {
    summary: 'Submit a video: a public URL (JSON) or an upload (multipart/form-data)',
    tags: ['scans'],
    security: BEARER,
    extend: (schema) => {
      const body = schema.body as { content: Schema };
      body.content['multipart/form-data'] = { schema: uploadForm };
    },
  },
  'GET /v1/scans': { summary: 'Your scans, newest first', tags: ['scans'], security: BEARER },
  'GET /v1/scans/:id': { summary: 'One scan: queued, running, complete or error', tags: ['scans'], security: BEARER },
  'DELETE /v1/scans/:id': {
    summary: 'Delete a scan with its media, read, recuts and their re-scans (cancelled first if still running): 204 once done, 202 if it takes over 20 s',
    tags: ['scans'],
    security: BEARER,
  },
  'POST /v1/webhooks/test': { summary: 'Send a signed webhook.test event to a receiver and report its answer', tags: ['scans'], security: BEARER },
  'POST /v1/scans/:id/cancel': {
    summary:
      'Cancel a queued or running scan: it ends in error, detail "cancelled", nothing of its media kept; 200 once done, 202 if the clean-up takes over 5 s',
    tags: ['scans'],
    security: BEARER,
  },
  'GET /v1/scans/:id/media': {
    summary: 'The scanned video (byte ranges supported)',
    tags: ['scans'],
    security: BEARER_OR_PUBLISHED,
    extend: (schema) => {
      const media = {
        description: "the video, in the probed container's type",
        content: { 'application/octet-stream': { schema: binary }, 'video/*': { schema: binary } },
      };
      response(schema, '200');
      (schema.response as Schema)['200'] = { ...media, description: 'the whole video' };
      (schema.response as Schema)['206'] = { ...media, description: 'the requested byte range' };
      (schema as { headers?: Schema }).headers = { type: 'object', properties: { range: { type: 'string', description: 'one `bytes=start-end` range' } } };
    },
  },
  'GET /v1/scans/:id/export': {
    summary: 'A complete scan as a download: srt, vtt, csv, edl, chapters, json, or an editor timeline (otio, fcpxml, markers.csv)',
    tags: ['scans'],
    security: BEARER_OR_PUBLISHED,
    extend: (schema) => {
      const text = { schema: { type: 'string' } };
      (schema.response as Schema)['200'] = {
        description: 'the file, with `Content-Disposition: attachment`',
        content: {
          'application/x-subrip': text,
          'text/vtt': text,
          'text/csv': text,
          'text/plain': text,
          'application/json': { schema: scanExportJson },
          'application/xml': text,
        },
      };
      const query = schema.querystring as { properties: { format: Schema }; required?: string[] };
      query.properties.format = { ...query.properties.format, enum: [...EXPORT_FORMATS] };
      query.required = ['format'];
    },
  },
  'POST /v1/scans/:id/recut': {
    summary: 'Propose and render a tighter cut of a complete scan',
    tags: ['recuts'],
    security: BEARER,
    // No body at all asks for the default goal and length.
    optionalBody: true,
  },
  'GET /v1/recuts/:id': { summary: 'One recut', tags: ['recuts'], security: BEARER },
  'GET /v1/recuts/:id/export': {
    summary: "A complete recut's cut list on its source as an editor timeline: edl, otio, fcpxml, markers.csv",
    tags: ['recuts'],
    security: BEARER,
    extend: (schema) => {
      const text = { schema: { type: 'string' } };
      (schema.response as Schema)['200'] = {
        description: 'the file, with `Content-Disposition: attachment`',
        content: { 'text/plain': text, 'application/json': { schema: otioTimeline }, 'application/xml': text, 'text/csv': text },
      };
      const query = schema.querystring as { properties: { format: Schema }; required?: string[] };
      query.properties.format = { ...query.properties.format, enum: [...RECUT_EXPORT_FORMATS] };
      query.required = ['format'];
    },
  },
  'GET /v1/scans/:id/recuts': { summary: 'The recuts of a scan', tags: ['recuts'], security: BEARER },
  'POST /api/scans/:id/publish': { summary: 'Publish your complete scan to the library (signed-in session)', tags: ['library'], security: SESSION },
  'POST /api/scans/:id/unpublish': {
    summary: 'Take your scan out of the library: its media and exports need the key again (signed-in session)',
    tags: ['library'],
    security: SESSION,
  },
  'GET /api/library': { summary: 'Published scans, newest first', tags: ['library'], security: NONE },
  'DELETE /v1/account': {
    summary:
      'Close your account, confirmed by its email and password (the key alone cannot close it): the key stops working at once; every scan, recut, chat call, key, session and counter is removed. 204 once done, 202 if it takes over 20 s',
    tags: ['account'],
    security: BEARER,
  },
  'GET /v1/account/retention': {
    summary: "Your media retention: days a scan's video is kept before it is removed (the read stays), and what is in force",
    tags: ['account'],
    security: BEARER,
  },
  'PUT /v1/account/retention': {
    summary: "Set your media retention: days (0 keeps videos for good, null follows the operator's default) and whether published scans' videos go too",
    tags: ['account'],
    security: BEARER,
  },
  'GET /v1/account/export': {
    summary: 'All your scans as one tar stream: each scan as JSON, their videos with `media=1`, and manifest.json (last) with sizes and SHA-256',
    tags: ['account'],
    security: BEARER,
    extend: (schema) => {
      (schema.response as Schema)['200'] = {
        description: 'a ustar archive, `Content-Disposition: attachment`: `<scan_id>/scan.json`, `<scan_id>/media.<ext>` (with `media=1`), `manifest.json`',
        content: { 'application/x-tar': { schema: binary } },
      };
    },
  },
  'PUT /v1/account/password': {
    summary:
      'Set or change your website password with the key: `current_password` is required once the account has one. Signs out every website session of the account',
    tags: ['account'],
    security: BEARER,
  },
  'GET /v1/models': { summary: 'The agent models (OpenAI-compatible)', tags: ['models'], security: BEARER },
  'GET /v1/usage': { summary: "This month's usage and what is left", tags: ['models'], security: BEARER },
  'POST /v1/chat/completions': {
    summary: 'Ask an agent about your scans (OpenAI-compatible; `stream: true` for Server-Sent Events)',
    tags: ['models'],
    security: BEARER,
    extend: (schema) => {
      const ok = response(schema, '200');
      (schema.response as Schema)['200'] = {
        description: 'the answer: one JSON body (leading spaces keep the connection alive), or an event stream when `stream` is true',
        content: { 'application/json': { schema: ok }, 'text/event-stream': { schema: sseStream } },
      };
      (schema as { body: Schema }).body = {
        title: 'ChatCompletionRequest',
        type: 'object',
        description: 'An OpenAI chat completion request: `model`, `messages`, optional `stream`, `stream_options.include_usage`, `max_tokens`.',
        properties: {
          model: { type: 'string' },
          messages: { type: 'array', items: { type: 'object', properties: { role: { type: 'string' }, content: {} }, required: ['role'] } },
          stream: { type: 'boolean' },
        },
        required: ['model', 'messages'],
      };
    },
  },
};

export const documentedRoutes = (): string[] => Object.keys(OPERATIONS);

/** `METHOD url` of a route as OPERATIONS names it. */
const operationKey = (route: Pick<RouteOptions, 'method' | 'url'>) => `${[route.method].flat()[0]} ${route.url}`;

/** Adds a route's summary, tags and auth, the 500 every route can answer, and its document-only parts. */
function transform({ schema, url, route }: { schema: unknown; url: string; route: RouteOptions }) {
  const operation = OPERATIONS[operationKey(route)];
  if (!operation) return { schema: { ...(schema as Schema | undefined), hide: true }, url };
  const copy = structuredClone((schema ?? {}) as Schema);
  Object.assign(copy, { summary: operation.summary, tags: operation.tags, security: operation.security });
  const shape = url === '/v1/chat/completions' || url === '/v1/models' || url === '/v1/usage' ? OpenAiError : ErrorBody;
  const responses = (copy.response ??= {}) as Schema;
  responses['500'] ??= { ...shape };
  operation.extend?.(copy);
  return { schema: copy, url };
}

const integer = { type: 'integer' } as const;
/** `required`: present on every response that refers to it (test/unit/api/openapi-contract.test.ts checks real answers for it). */
const header = (description: string, schema: Schema, required: boolean): OpenAPIV3_1.HeaderObject => ({ description, schema, required });
const plainString = { type: 'string' } as const;

/** Response headers, each described once in `components.headers` and referred to by the responses that carry it. */
const RESPONSE_HEADERS: Record<string, OpenAPIV3_1.HeaderObject> = {
  'x-request-id': header(
    "This request's id: the client's own `x-request-id` when it matches `^[A-Za-z0-9._-]{1,128}$`, else a fresh `req_<24 hex>`. The logs and the workflow it starts carry it; quote it when reporting a problem.",
    plainString,
    true,
  ),
  'x-ratelimit-limit': header(
    "Requests allowed in the window this request was counted in: per key and minute, 60 submissions or 600 reads; on the model interface, the month's chat calls. Sent with every answer to a valid key, refusals included.",
    integer,
    false,
  ),
  'x-ratelimit-remaining': header('What is left of that window after this request.', integer, false),
  'x-ratelimit-reset': header('Whole seconds until that window resets (at least 1).', integer, false),
  'retry-after': header('Seconds to wait before trying again.', integer, true),
  'idempotent-replayed': header(
    '`true` when this is the stored answer to an earlier request with the same `Idempotency-Key`: nothing new was started or counted.',
    { type: 'string', enum: ['true'] },
    false,
  ),
};

/** Request headers, each described once in `components.parameters`. */
const REQUEST_HEADERS: Record<string, OpenAPIV3_1.ParameterObject> = {
  'x-request-id': {
    name: 'x-request-id',
    in: 'header',
    required: false,
    schema: { type: 'string', pattern: '^[A-Za-z0-9._-]{1,128}$' },
    description:
      'Your own id for this request, echoed in the `x-request-id` response header and carried by the logs and the workflow it starts. Anything else is replaced by a fresh `req_<24 hex>`, not refused.',
  },
  'Idempotency-Key': {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
    description:
      '1 to 255 printable ASCII characters, sent once. The same key with the same request within 24 h answers the first answer again with `Idempotent-Replayed: true`, starting and counting nothing; with a different request, 409. A refused request frees its key.',
  },
};

const ref = (kind: 'headers' | 'parameters', name: string) => ({ $ref: `#/components/${kind}/${name}` });

interface RecordedOperation {
  request?: Record<string, unknown>;
  responses?: Record<string, Record<string, unknown>>;
}
const EXAMPLES = (recordedExamples as { operations: Record<string, RecordedOperation> }).operations;

type Responses = Record<string, OpenAPIV3_1.ResponseObject>;

/** Words, headers and recorded examples onto one documented operation. */
function describeOperation(key: string, operation: OpenAPIV3_1.OperationObject) {
  const text = OPERATION_TEXT[key];
  if (text) operation.description = text.description;
  const samples = CODE_SAMPLES[key];
  if (samples) (operation as { 'x-codeSamples'?: CodeSample[] })['x-codeSamples'] = samples;
  const keyed = (operation.security ?? []).some((requirement) => 'apiKey' in requirement);
  operation.parameters = [
    ...(operation.parameters ?? []),
    ...(text?.idempotent ? [ref('parameters', 'Idempotency-Key')] : []),
    ref('parameters', 'x-request-id'),
  ];
  const examples = EXAMPLES[key];
  for (const [contentType, example] of Object.entries(examples?.request ?? {})) {
    const media = (operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content[contentType];
    if (media) media.example = example;
  }
  for (const [status, response] of Object.entries((operation.responses ?? {}) as Responses)) {
    // @fastify/swagger takes a response's words from its schema's description, which describes the shape (the same
    // schema answers many statuses), not what this status means: only words the route itself gave are kept.
    const fromSchema = Object.values(response.content ?? {}).some((media) => (media.schema as Schema | undefined)?.description === response.description);
    const given = response.description === 'Default Response' || fromSchema ? undefined : response.description;
    response.description = text?.responses?.[status] ?? given ?? STATUS_TEXT[status] ?? `HTTP ${status}`;
    const headers: Record<string, unknown> = { ...response.headers, 'x-request-id': ref('headers', 'x-request-id') };
    if (keyed && text?.rateWindow !== false && status !== '401') {
      for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) headers[name] = ref('headers', name);
    }
    if (status === '429') headers['Retry-After'] = ref('headers', 'retry-after');
    if (text?.idempotent && status === '202') headers['Idempotent-Replayed'] = ref('headers', 'idempotent-replayed');
    response.headers = headers as Responses[string]['headers'];
    for (const [contentType, example] of Object.entries(examples?.responses?.[status] ?? {})) {
      const media = response.content?.[contentType];
      if (media) media.example = example;
    }
  }
}

/** A union of literals (TypeBox writes `anyOf` of single-value enums) as one `enum`, so readers see the values. */
function literalUnionsAsEnums(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) literalUnionsAsEnums(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Schema;
  const members = schema.anyOf as Schema[] | undefined;
  const literal = (member: Schema) => Object.keys(member).every((k) => k === 'type' || k === 'enum') && Array.isArray(member.enum) && member.enum.length === 1;
  if (Array.isArray(members) && members.length > 1 && members.every(literal)) {
    const types = [...new Set(members.map((member) => member.type as string))];
    delete schema.anyOf;
    schema.type = types.length === 1 ? types[0] : types;
    schema.enum = members.map((member) => (member.enum as unknown[])[0]);
  }
  for (const value of Object.values(schema)) literalUnionsAsEnums(value);
}

/** Keys whose values are data, not schemas: a `title` inside them is a value (a scan's title), never a schema's name. */
const NOT_SCHEMAS = new Set(['example', 'examples', 'x-codeSamples', 'default', 'const', 'enum']);

/**
 * Every schema that carries a `title` (the wire schemas name themselves in
 * core/wire) moved to `components.schemas` under that name and referred to by
 * `$ref`, so the reference shows each shape once and generated clients get
 * named types. Done on the finished document: the route schemas that Fastify
 * validates and serialises with stay whole. Two different schemas under one
 * name would make the reference lie, so that stops the app from starting.
 */
export function namedSchemasAsComponents(document: Partial<OpenAPIV3_1.Document>, extra: readonly Schema[] = []): Record<string, Schema> {
  const named: Record<string, Schema> = {};
  const hoist = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(hoist);
    if (typeof node !== 'object' || node === null) return node;
    const copy = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, NOT_SCHEMAS.has(key) ? value : hoist(value)])) as Schema;
    const title = copy.title;
    if (typeof title !== 'string' || !('type' in copy || 'anyOf' in copy || 'enum' in copy)) return copy;
    const known = named[title];
    if (known && !isDeepStrictEqual(known, copy)) throw new Error(`two different schemas are named ${title} in the OpenAPI document`);
    named[title] = copy;
    return { $ref: `#/components/schemas/${title}` };
  };
  document.paths = hoist(document.paths) as OpenAPIV3_1.PathsObject;
  document.webhooks = hoist(document.webhooks) as Record<string, OpenAPIV3_1.PathItemObject>;
  for (const schema of extra) hoist(schema);
  return Object.fromEntries(Object.entries(named).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * The three shapes of a scan, named components beside the one `Scan` schema the
 * routes answer with (one object serialises all three): the document then says
 * which fields each state carries, and the clients' types for each state are
 * generated from it (clients/js/src/types.ts, the Python SDK's types.py) rather
 * than written again by hand. Copied as @fastify/swagger copies a route's schema
 * (`const` written as a one-value `enum`), so a shape they share with `Scan` is the same component.
 */
function scanStates(): Schema[] {
  const constAsEnum = (_key: string, value: unknown) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || !('const' in value)) return value;
    const { const: only, ...rest } = value as Schema;
    return { ...rest, enum: [only] };
  };
  const states = JSON.parse(JSON.stringify([InFlightScan, ErrorScan, CompleteScan]), constAsEnum) as Schema[];
  literalUnionsAsEnums(states);
  return states;
}

/** What only the whole document can say: which request bodies may be left out, the words, headers and examples, enums and named schemas. */
function transformObject({ openapiObject }: { openapiObject: Partial<OpenAPIV3_1.Document> }) {
  for (const [key, operation] of Object.entries(OPERATIONS)) {
    const [method, url] = key.split(' ') as [string, string];
    const documented = openapiObject.paths?.[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase() as 'post'];
    if (!documented) continue;
    const body = documented.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
    if (body && operation.optionalBody) body.required = false;
    describeOperation(key, documented);
  }
  literalUnionsAsEnums(openapiObject.paths);
  literalUnionsAsEnums(openapiObject.webhooks);
  const schemas = namedSchemasAsComponents(openapiObject, scanStates());
  openapiObject.components = { ...openapiObject.components, schemas, headers: RESPONSE_HEADERS, parameters: REQUEST_HEADERS };
  return openapiObject;
}

export { DOCS_CSP } from './reference-page';

const webhookHeader = (name: string, description: string, example: string): OpenAPIV3_1.ParameterObject => ({
  name,
  in: 'header',
  required: true,
  schema: { type: 'string' },
  description,
  example,
});

/** The recorded complete scan (api/openapi-examples.json), as its webhook events would carry it. */
const recordedScan = EXAMPLES['GET /v1/scans/:id']?.responses?.['200']?.['application/json'] as { scan_id: string; score: number; grade: string };
const endedAt = new Date('2026-03-10T12:00:00.000Z');
/** Both events as core/webhook.ts builds them, so the reference shows what a receiver gets (not "string"). */
const WEBHOOK_EXAMPLES = {
  completed: {
    summary: 'scan.completed',
    value: webhookEvent({ scan_id: recordedScan.scan_id, status: 'complete', score: recordedScan.score, grade: recordedScan.grade }, 'scan.completed', endedAt),
  },
  failed: {
    summary: 'scan.failed',
    value: webhookEvent(
      { scan_id: recordedScan.scan_id, status: 'error', detail: 'The file is not a video we can read: it is damaged or not a video at all.' },
      'scan.failed',
      endedAt,
    ),
  },
};

/** What a scan's `webhook_url` receives (docs/api.md, *Webhooks*): Standard Webhooks' headers and the event. */
const scanEndedWebhook = {
  post: {
    summary: 'A scan submitted with webhook_url ended (complete, or error)',
    description:
      "Signed per Standard Webhooks with the account's `whsec_…` secret (account page); verify with the raw body, e.g. `new Webhook(secret).verify(body, headers)` from `standardwebhooks`. Retried on `HOLDLINE_WEBHOOK_RETRY_SECONDS` for up to 24 h until a 2xx; 410 stops the retries.",
    tags: ['scans'],
    parameters: [
      webhookHeader('webhook-id', '`msg_<scan_id>_<type>`: the same on every attempt of one event', `msg_${recordedScan.scan_id}_scan.completed`),
      webhookHeader('webhook-timestamp', 'Unix seconds of this attempt', String(endedAt.getTime() / 1000)),
      webhookHeader('webhook-signature', '`v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`', 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE='),
    ],
    requestBody: { required: true, content: { 'application/json': { schema: WebhookEvent, examples: WEBHOOK_EXAMPLES } } },
    responses: {
      '2XX': { description: 'Delivered: no further attempts' },
      '410': { description: 'Gone: no further attempts for this event' },
      default: { description: 'A failed attempt: retried on the schedule' },
    },
  },
};

/** Must be registered before the routes: @fastify/swagger collects them as they are added. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Holdline API',
        version: '1',
        description: GUIDE,
      },
      components: {
        securitySchemes: {
          apiKey: { type: 'http', scheme: 'bearer', description: 'An `sk_sig_…` API key from the account page: `Authorization: Bearer sk_sig_…`.' },
          session: { type: 'apiKey', in: 'cookie', name: 'hl_session', description: "The website's signed-in session (publishing only)." },
        },
      },
      // The plugin's option type wants OpenAPI 3.0 and 3.1 schema shapes at once; the document is 3.1.
      webhooks: { scanEnded: scanEndedWebhook } as never,
      tags: [
        { name: 'scans', description: 'Submit and read scans' },
        { name: 'recuts', description: 'Tighter cuts of a complete scan' },
        { name: 'library', description: 'Published scans' },
        { name: 'models', description: 'The OpenAI-compatible agent interface' },
        { name: 'account', description: 'Your account and your data' },
        { name: 'reference', description: 'Keyless reference data' },
        { name: 'operations', description: 'Health checks' },
      ],
    },
    transform,
    transformObject: transformObject as never,
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await registerReferencePage(app);
}
