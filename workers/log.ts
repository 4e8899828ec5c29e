// Worker logs as JSON lines of the API's shape (pino: level, time, msg and the
// attributes), so one query reads both; the Temporal SDK logs through this sink.
import type { LogLevel, LogMetadata, Logger } from '@temporalio/common';
import { pino, stdSerializers, type DestinationStream } from 'pino';

const LEVELS: Record<LogLevel, 'trace' | 'debug' | 'info' | 'warn' | 'error'> = {
  TRACE: 'trace',
  DEBUG: 'debug',
  INFO: 'info',
  WARN: 'warn',
  ERROR: 'error',
};

/** The SDK's logger interface over pino; the SDK's `error` attribute is serialized like pino's `err`. */
export function pinoTemporalLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const logger = pino(
    { level: LEVELS[level], base: { service: 'holdline-worker', pid: process.pid }, serializers: { error: stdSerializers.err, err: stdSerializers.err } },
    destination,
  );
  const log = (at: LogLevel, message: string, meta?: LogMetadata) => logger[LEVELS[at]]({ ...meta }, message);
  return {
    log,
    trace: (message, meta) => log('TRACE', message, meta),
    debug: (message, meta) => log('DEBUG', message, meta),
    info: (message, meta) => log('INFO', message, meta),
    warn: (message, meta) => log('WARN', message, meta),
    error: (message, meta) => log('ERROR', message, meta),
  };
}
