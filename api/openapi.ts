// The OpenAPI 3.1 document (`/openapi.json`) and its reference page (`/docs`).
// The document is generated from the route schemas by @fastify/swagger; this
// file only adds what a schema cannot say: which routes are public, their
// summaries and auth, and the bodies Fastify does not validate (multipart
// upload, the SSE stream, downloads).
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { EXPORT_FORMATS } from '../core/exports';
import { OpenAiError } from '../core/wire/chat';
import { ErrorBody } from '../core/wire/common';
import { SubmitScanBody, WebhookEvent } from '../core/wire/scans';

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

/** The multipart form `POST /v1/scans` streams (api/upload.ts); Fastify validates only the JSON form. */
const uploadForm = {
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
  'POST /v1/scans/:id/cancel': { summary: 'Cancel a queued or running scan: it ends in error, detail "cancelled", nothing of its media kept', tags: ['scans'], security: BEARER },
  'GET /v1/scans/:id/media': {
    summary: 'The scanned video (byte ranges supported)',
    tags: ['scans'],
    security: BEARER_OR_PUBLISHED,
    extend: (schema) => {
      const media = { description: 'the video, in the probed container\'s type', content: { 'application/octet-stream': { schema: binary }, 'video/*': { schema: binary } } };
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
          'application/json': { schema: { type: 'object' } },
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
  'GET /v1/scans/:id/recuts': { summary: 'The recuts of a scan', tags: ['recuts'], security: BEARER },
  'POST /api/scans/:id/publish': { summary: 'Publish your complete scan to the library (signed-in session)', tags: ['library'], security: SESSION },
  'POST /api/scans/:id/unpublish': { summary: 'Take your scan out of the library: its media and exports need the key again (signed-in session)', tags: ['library'], security: SESSION },
  'GET /api/library': { summary: 'Published scans, newest first', tags: ['library'], security: NONE },
  'DELETE /v1/account': {
    summary: 'Close your account, confirmed by its email: the key stops working at once; every scan, recut, chat call, key, session and counter is removed. 204 once done, 202 if it takes over 20 s',
    tags: ['account'],
    security: BEARER,
  },
  'GET /v1/account/retention': { summary: 'Your media retention: days a scan\'s video is kept before it is removed (the read stays), and what is in force', tags: ['account'], security: BEARER },
  'PUT /v1/account/retention': {
    summary: 'Set your media retention: days (0 keeps videos for good, null follows the operator\'s default) and whether published scans\' videos go too',
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
    summary: 'Set or change your website password with the key: `current_password` is required once the account has one. Signs out every website session of the account',
    tags: ['account'],
    security: BEARER,
  },
  'GET /v1/models': { summary: 'The agent models (OpenAI-compatible)', tags: ['models'], security: BEARER },
  'GET /v1/usage': { summary: 'This month\'s usage and what is left', tags: ['models'], security: BEARER },
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
  responses['500'] ??= { ...shape, description: 'an internal error (the log has the details)' };
  if (responses['429']) {
    responses['429'] = {
      ...(responses['429'] as Schema),
      description: 'a rate limit or monthly quota reached',
      headers: { 'retry-after': { type: 'integer', description: 'seconds until a retry can succeed' } },
    };
  }
  operation.extend?.(copy);
  return { schema: copy, url };
}

/** What only the whole document can say: which request bodies may be left out. */
function transformObject({ openapiObject }: { openapiObject: Partial<OpenAPIV3_1.Document> }) {
  for (const [key, operation] of Object.entries(OPERATIONS)) {
    if (!operation.optionalBody) continue;
    const [method, url] = key.split(' ') as [string, string];
    const documented = openapiObject.paths?.[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase() as 'post'];
    const body = documented?.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
    if (body) body.required = false;
  }
  return openapiObject;
}

/**
 * The reference page's policy: Swagger UI loads only its own scripts and styles
 * (the initializer is a file too, so no inline script runs) and fetches the
 * document and "try it out" calls from this origin. Styles need no
 * 'unsafe-inline': Swagger UI sets most through the DOM, which CSP allows, and
 * injects one fixed <style> element, allowed by its hash (a Swagger UI upgrade
 * that changes it fails test/integration/openapi/docs-page.test.ts).
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'none'",
  "base-uri 'none'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

const webhookHeader = (name: string, description: string): OpenAPIV3_1.ParameterObject => ({ name, in: 'header', required: true, schema: { type: 'string' }, description });

/** What a scan's `webhook_url` receives (docs/api.md, *Webhooks*): Standard Webhooks' headers and the event. */
const scanEndedWebhook = {
  post: {
    summary: 'A scan submitted with webhook_url ended (complete, or error)',
    description:
      'Signed per Standard Webhooks with the account\'s `whsec_…` secret (account page); verify with the raw body, e.g. `new Webhook(secret).verify(body, headers)` from `standardwebhooks`. Retried on `HOLDLINE_WEBHOOK_RETRY_SECONDS` for up to 24 h until a 2xx; 410 stops the retries.',
    tags: ['scans'],
    parameters: [
      webhookHeader('webhook-id', '`msg_<scan_id>_<type>`: the same on every attempt of one event'),
      webhookHeader('webhook-timestamp', 'Unix seconds of this attempt'),
      webhookHeader('webhook-signature', '`v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`'),
    ],
    requestBody: { required: true, content: { 'application/json': { schema: WebhookEvent } } },
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
        description:
          'Retention signals for videos. Errors are `{"detail": "…"}`, except on the model interface (`/v1/chat/completions`, `/v1/models`, `/v1/usage`), which answers OpenAI\'s `{"error": {message, type, param, code}}`. 429s carry `Retry-After`.',
      },
      components: {
        securitySchemes: {
          apiKey: { type: 'http', scheme: 'bearer', description: 'An `sk_sig_…` API key from the account page: `Authorization: Bearer sk_sig_…`.' },
          session: { type: 'apiKey', in: 'cookie', name: 'hl_session', description: 'The website\'s signed-in session (publishing only).' },
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
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: DOCS_CSP,
    uiConfig: { deepLinking: true },
  } as Parameters<typeof swaggerUi>[1]);
}
