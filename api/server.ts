import { Client, Connection } from '@temporalio/client';
import { loadConfig } from '../config/env';
import { connectMongo } from '../store/mongo';
import { buildApp } from './app';
import { createAppDeps } from './deps';

/**
 * On SIGTERM the API stops accepting connections, lets in-flight requests finish
 * and ends open SSE streams with a final notice (the routes' `preClose` hooks);
 * whatever is still open after this long is cut, below the stack's 10 s stop grace.
 */
const CLOSE_GRACE_MS = 8_000;

const config = loadConfig();
const mongo = await connectMongo(config.mongodbUri, { ferretdbSqliteDir: config.ferretdbSqliteDir });
const connection = await Connection.connect({ address: config.temporalAddress });
const temporal = new Client({ connection, namespace: config.temporalNamespace });
const app = await buildApp(createAppDeps({ config, db: mongo.db, temporal }), {
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
});

let closing = false;
async function close(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'closing: no new connections; finishing in-flight requests');
  const cut = setTimeout(() => {
    app.log.warn('in-flight requests still open after the grace period; closing their connections');
    app.server.closeAllConnections();
  }, CLOSE_GRACE_MS).unref();
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
    await connection.close().catch(() => undefined);
    await mongo.close().catch(() => undefined);
  }
  app.log.info('closed');
  process.exit(0);
}
process.once('SIGINT', () => void close('SIGINT'));
process.once('SIGTERM', () => void close('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
