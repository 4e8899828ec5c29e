// Prometheus metrics of the API (`GET /metrics`): requests by route and status,
// scan submissions and chat calls by outcome, quota refusals. Everything is read
// from the response and the error that produced it (an onError and an onResponse
// hook), so no use case carries metrics code.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { DomainError, unauthorized, type DomainErrorCode } from '../core/errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The domain code of the error this request was answered with (set by the metrics onError hook). */
    errorCode?: DomainErrorCode;
  }
}

/** A Fastify error (schema, body size, media type) as the code its reply uses, mirroring http/errors.ts. */
function codeOf(error: Error & { statusCode?: number; validation?: unknown }): DomainErrorCode {
  if (error instanceof DomainError) return error.code;
  if (error.statusCode === 413) return 'too_large';
  if (error.statusCode === 404) return 'not_found';
  if (error.validation || (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)) return 'bad_request';
  return 'internal';
}

const SUBMISSIONS = new Set(['POST /v1/scans', 'POST /v1/scans/:id/recut']);
const CHAT = 'POST /v1/chat/completions';

export class ApiMetrics {
  readonly registry = new Registry();
  readonly requests = new Counter({
    name: 'holdline_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern (`unmatched` when no route) and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  readonly duration = new Histogram({
    name: 'holdline_http_request_duration_seconds',
    help: 'Time from request to the end of the response, by method and route pattern (streams and uploads included)',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.025, 0.1, 0.25, 1, 2.5, 10, 60, 300, 900],
    registers: [this.registry],
  });
  readonly submissions = new Counter({
    name: 'holdline_scan_submissions_total',
    help: 'Scan and recut submissions: `submitted`, or the refusal reason (the error code: bad_request, too_large, rate_limited, quota_exceeded, unavailable, …)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly chatCalls = new Counter({
    name: 'holdline_chat_calls_total',
    help: 'Chat completion calls: `answered`, `client_gone` (nothing was sent), or the refusal/failure code',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly quotaRefusals = new Counter({
    name: 'holdline_quota_refusals_total',
    help: 'Requests refused because a monthly quota was used up, by route pattern',
    labelNames: ['route'] as const,
    registers: [this.registry],
  });

  /** Counts one finished request. */
  observe(request: FastifyRequest, reply: FastifyReply): void {
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${request.method} ${route}`;
    const status = reply.raw.statusCode;
    // A hijacked reply (chat) that never wrote its head reached nobody.
    const gone = !reply.raw.headersSent;
    this.requests.inc({ method: request.method, route, status: gone ? 'none' : String(status) });
    this.duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    const code = request.errorCode;
    if (code === 'quota_exceeded') this.quotaRefusals.inc({ route });
    if (SUBMISSIONS.has(key)) {
      this.submissions.inc({
        kind: route === '/v1/scans' ? 'scan' : 'recut',
        outcome: status === 202 && !code ? 'submitted' : (code ?? (gone ? 'client_gone' : `status_${status}`)),
      });
    } else if (key === CHAT) {
      this.chatCalls.inc({ outcome: code ?? (gone ? 'client_gone' : status === 200 ? 'answered' : `status_${status}`) });
    }
  }
}

/** Constant-time comparison of a presented bearer token with the configured one. */
function tokenMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  if (!presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Counts every request from here on and serves `GET /metrics` behind
 * `Authorization: Bearer <token>`. Without a token there is no route (404):
 * the counts reveal traffic and refusals, which are an operator's, not the public's.
 * Register before the routes so their requests are counted.
 */
export function registerMetrics(app: FastifyInstance, token: string | null, metrics = new ApiMetrics()): ApiMetrics {
  // Declared up front, so every request object keeps one shape.
  app.decorateRequest('errorCode', undefined);
  app.addHook('onError', async (request, _reply, error) => {
    request.errorCode = codeOf(error);
  });
  app.addHook('onResponse', async (request, reply) => {
    metrics.observe(request, reply);
  });
  if (token) {
    // Process figures (CPU, memory, event loop lag, GC) only where someone can read them.
    collectDefaultMetrics({ register: metrics.registry, prefix: 'holdline_api_' });
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!tokenMatches(request.headers.authorization, token)) throw unauthorized('send Authorization: Bearer <HOLDLINE_METRICS_TOKEN>');
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  }
  return metrics;
}
