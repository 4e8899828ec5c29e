import { loadConfig } from '../config/env';
import { startApi } from './start';

/**
 * On SIGTERM the API stops accepting connections, lets in-flight requests finish
 * and ends open SSE streams with a final notice (the routes' `preClose` hooks);
 * whatever is still open after this long is cut, below the stack's 10 s stop grace.
 */
const CLOSE_GRACE_MS = 8_000;

const config = loadConfig();
const { app, disconnect } = await startApi(config, { logger: { level: config.logLevel } });

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
    await disconnect();
  }
  app.log.info('closed');
  process.exit(0);
}
process.once('SIGINT', () => void close('SIGINT'));
process.once('SIGTERM', () => void close('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
