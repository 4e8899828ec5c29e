import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { LIMITS } from '../core/plans';
import type { AppDeps } from './deps';
import { errorHandler, notFoundHandler } from './errors';
import { chatRoutes } from './routes/chat';
import { mediaRoutes } from './routes/media';
import { publicRoutes } from './routes/public';
import { publishRoutes } from './routes/publish';
import { recutRoutes } from './routes/recuts';
import { webRecutRoutes } from './routes/web-recuts';
import { scanRoutes } from './routes/scans';
import { webRoutes } from './routes/web';

export interface BuildAppOptions {
  logger?: boolean | object;
}

/** The whole HTTP surface over its dependencies; server.ts only listens. */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: LIMITS.chatRequestBytes,
    // AJV stops at the first problem; the error handler turns it into the one `detail`.
    ajv: { customOptions: { allErrors: false } },
  });
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  await app.register(multipart, { limits: { fileSize: deps.config.uploadLimitBytes, files: 1 } });
  await app.register(async (scope) => publicRoutes(scope, deps));
  await app.register(async (scope) => scanRoutes(scope, deps));
  await app.register(async (scope) => mediaRoutes(scope, deps));
  await app.register(async (scope) => chatRoutes(scope, deps));
  await app.register(async (scope) => publishRoutes(scope, deps));
  await app.register(async (scope) => recutRoutes(scope, deps));
  await app.register(async (scope) => webRecutRoutes(scope, deps));
  await app.register(async (scope) => webRoutes(scope, deps));
  return app;
}
