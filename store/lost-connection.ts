// The store's own backend connection lost mid-command: what FerretDB answers when PostgreSQL
// ends the connection it ran a command on (an operator's pg_terminate_backend, a restart, a
// failover). FerretDB reports it as a plain server error (code 1, InternalError) carrying
// PostgreSQL's SQLSTATE, so the driver neither labels it retryable nor retries it; its pool
// opens a new connection for the next command, which then succeeds.

import { MongoError, MongoNetworkError, MongoServerSelectionError } from 'mongodb';

/**
 * PostgreSQL's connection-ending states: 57P01 admin_shutdown, 57P02 crash_shutdown,
 * 57P03 cannot_connect_now, and class 08, connection exceptions.
 */
const LOST_BACKEND = /SQLSTATE (57P0[123]|08[0-9A-Z]{3})\b/;

/** Whether `error` is the store losing its backend connection (FerretDB) or the client losing the store (the driver's network errors). */
export function isLostConnection(error: unknown): boolean {
  if (error instanceof MongoNetworkError || error instanceof MongoServerSelectionError) return true;
  return error instanceof MongoError && LOST_BACKEND.test(error.message);
}

/**
 * Runs `work`, and once more if it failed on a lost connection. For reads, and for writes
 * whose repeat is harmless (a rate window's hit count): the failed command ran on a
 * connection that ended before answering, and its next run gets a new one.
 */
export async function onceMoreIfConnectionLost<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isLostConnection(error)) throw error;
    return work();
  }
}
