// One log line per request, written when the response is done, instead of
// Fastify's two (`incoming request` and `request completed`, the second without
// the URL). Health checks, metrics scrapes and polls of work still in flight go
// out at `debug`, so the console and the logs show what people and clients did,
// not the clockwork of waiting (HOLDLINE_LOG_LEVEL=debug shows those too).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Routes that only say whether the service is alive, or feed the metrics scraper. */
const CLOCKWORK_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);
/** Routes a client polls while a scan or a recut runs; a poll of finished work is logged as usual. */
const POLL_ROUTES = new Set(['/v1/scans/:id', '/v1/recuts/:id', '/scans/:id/status', '/recuts/:id']);
const IN_FLIGHT = /"status":"(queued|processing)"/;

export type RequestLogLevel = 'info' | 'debug';

/**
 * The level of a finished request's line: `debug` for clockwork routes, and for a
 * successful GET of a poll route whose answer shows the work still queued or
 * processing (a scan's JSON, a recut's page or JSON); `info` for everything else.
 */
export function requestLogLevel(method: string, route: string | undefined, statusCode: number, body: unknown): RequestLogLevel {
  if (route !== undefined && CLOCKWORK_ROUTES.has(route)) return 'debug';
  if (method !== 'GET' || statusCode !== 200 || route === undefined || !POLL_ROUTES.has(route)) return 'info';
  return typeof body === 'string' && IN_FLIGHT.test(body) ? 'debug' : inFlightPage(body) ? 'debug' : 'info';
}

/** The recut page in flight refreshes itself; its progress line reads `queued: …` or `processing: …`. */
const inFlightPage = (body: unknown) => typeof body === 'string' && /id="progress">(queued|processing):/.test(body);

const quiet = new WeakSet<FastifyRequest>();

/** Installs the one-line request log on `app` (built with `disableRequestLogging: true`). */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (requestLogLevel(request.method, request.routeOptions.url, reply.statusCode, payload) === 'debug') quiet.add(request);
    return payload;
  });
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const level: RequestLogLevel = quiet.has(request) ? 'debug' : 'info';
    const url = request.url;
    request.log[level](
      {
        req: { method: request.method, url, remoteAddress: request.ip },
        res: { statusCode: reply.statusCode },
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      },
      `${request.method} ${url} ${reply.statusCode}`,
    );
  });
}
