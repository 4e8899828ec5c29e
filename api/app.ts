import { refuseUnknownBodyFields, refuseUnknownQueryParameters } from './unknown-fields';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { LIMITS } from '../core/plans';
import { rateLimitHeadersHook } from './auth';
import { discardRefusedBody } from '../http/unread-body';
import type { AppDeps } from './deps';
import { errorHandler, notFoundHandler } from './errors';
import { registerMetrics } from './metrics';
import { registerOpenApi } from './openapi';
import { requestIdHeader, requestIdOf } from './request-id';
import { logRequests } from './request-log';
import { accountRoutes } from './routes/account';
import { accountDataRoutes } from './routes/account-data';
import { chatRoutes } from './routes/chat';
import { exportRoutes } from './routes/exports';
import { mediaRoutes } from './routes/media';
import { publicRoutes } from './routes/public';
import { publishRoutes } from './routes/publish';
import { recutRoutes } from './routes/recuts';
import { scanRoutes } from './routes/scans';
import { webhookRoutes } from './routes/webhooks';
// The one place the API meets the website: both are composed into one app here.
import { sendNotFoundPage, wantsNotFoundPage } from '../web/errors';
import { pageHeaders } from '../web/page-headers';
import { webRecutRoutes } from '../web/routes/recuts';
import { webRoutes } from '../web/routes/site';

export interface BuildAppOptions {
  logger?: boolean | object;
}

/** The whole HTTP surface, the API's and the website's, over its dependencies; server.ts only listens. */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: LIMITS.chatRequestBytes,
    // A hop count, not `true`: with `true` the leftmost X-Forwarded-For entry, which the client writes itself, would count.
    // (Fastify's number form, written as the function its types accept: hop 0 is the socket's peer.)
    trustProxy: config.trustProxy ? (_address: string, hop: number) => hop < config.proxyHops : false,
    // Socket idle time: a client that stops sending (or reading) is dropped.
    connectionTimeout: config.idleTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    // The whole request must arrive within this; long enough for 400 MB on a slow link.
    requestTimeout: config.requestTimeoutMs,
    // Node checks header and request deadlines on this interval (default 30 s), so short test timeouts bite too.
    http: { headersTimeout: config.headersTimeoutMs, connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(config.headersTimeoutMs / 4))) },
    // AJV stops at the first problem; the error handler turns it into the one `detail`. Fastify's default
    // `removeAdditional: true` would drop a field a closed schema does not name, and run the request as if
    // it had not been sent: refused instead (api/unknown-fields.ts names them all first).
    ajv: { customOptions: { allErrors: false, removeAdditional: false } },
    // The id is read (and checked) by genReqId; Fastify's own header option would take any value as it comes.
    genReqId: requestIdOf,
    requestIdHeader: false,
    // api/request-log.ts writes one line per request instead of Fastify's two.
    logController: new LogController({ requestIdLogLabel: 'request_id', disableRequestLogging: true }),
  });
  logRequests(app);
  app.addHook('onRequest', requestIdHeader);
  // The API's error shapes by default; the website's scopes set their own (web/errors.ts).
  app.setErrorHandler(errorHandler);
  // A browser asking for a page that does not exist gets a page; API clients get their error shape.
  app.setNotFoundHandler((request, reply) => (wantsNotFoundPage(request) ? sendNotFoundPage(reply) : notFoundHandler(request, reply)));
  app.addHook('onSend', pageHeaders);
  app.addHook('onSend', rateLimitHeadersHook);
  app.addHook('onSend', discardRefusedBody);
  registerMetrics(app, config.metricsToken);
  refuseUnknownQueryParameters(app);
  refuseUnknownBodyFields(app);
  await registerOpenApi(app);
  await app.register(multipart, { limits: { fileSize: deps.config.uploadLimitBytes, files: 1 } });
  await app.register(async (scope) => publicRoutes(scope, deps));
  await app.register(async (scope) => scanRoutes(scope, deps));
  await app.register(async (scope) => mediaRoutes(scope, deps));
  await app.register(async (scope) => exportRoutes(scope, deps));
  await app.register(async (scope) => chatRoutes(scope, deps));
  await app.register(async (scope) => publishRoutes(scope, deps));
  await app.register(async (scope) => recutRoutes(scope, deps));
  await app.register(async (scope) => webhookRoutes(scope, deps));
  await app.register(async (scope) => webRecutRoutes(scope, deps));
  await app.register(async (scope) => webRoutes(scope, deps));
  await app.register(async (scope) => accountRoutes(scope, deps));
  await app.register(async (scope) => accountDataRoutes(scope, deps));
  return app;
}
