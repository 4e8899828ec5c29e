import { MongoNetworkError, MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { isLostConnection, onceMoreIfConnectionLost } from '../../../store/lost-connection';

// What FerretDB answered a poll's rate-window write in the rehearsal's fault row, when
// pg_terminate_backend ended its PostgreSQL connections (2026-12-02, the API's log).
const terminated = () =>
  new MongoServerError({
    ok: 0,
    code: 1,
    codeName: 'InternalError',
    errmsg:
      '[msg_findandmodify.go:196 handler.(*Handler).findAndModifyDocument] [query_iterator.go:92 postgresql.(*queryIterator).Next] FATAL: terminating connection due to administrator command (SQLSTATE 57P01)',
  });

describe('a lost store connection', () => {
  it("is FerretDB's error carrying a connection-ending SQLSTATE, or the driver's network error; not any other server error", () => {
    expect(isLostConnection(terminated())).toBe(true);
    expect(isLostConnection(new MongoServerError({ ok: 0, code: 1, errmsg: 'FATAL: the database system is starting up (SQLSTATE 57P03)' }))).toBe(true);
    expect(isLostConnection(new MongoServerError({ ok: 0, code: 1, errmsg: 'unexpected failure (SQLSTATE 08006)' }))).toBe(true);
    expect(isLostConnection(new MongoNetworkError('connection 3 to 127.0.0.1:27017 closed'))).toBe(true);
    expect(isLostConnection(new MongoServerError({ ok: 0, code: 11000, errmsg: 'E11000 duplicate key error' }))).toBe(false);
    expect(isLostConnection(new MongoServerError({ ok: 0, code: 1, errmsg: 'division by zero (SQLSTATE 22012)' }))).toBe(false);
    expect(isLostConnection(new Error('SQLSTATE 57P01'))).toBe(false);
  });

  it('makes a read once more, and only once; other errors go through at once', async () => {
    let runs = 0;
    expect(await onceMoreIfConnectionLost(async () => (++runs === 1 ? Promise.reject(terminated()) : 'read'))).toBe('read');
    expect(runs).toBe(2);
    runs = 0;
    await expect(onceMoreIfConnectionLost(async () => (runs++, Promise.reject(terminated())))).rejects.toThrow(/57P01/);
    expect(runs).toBe(2);
    runs = 0;
    await expect(onceMoreIfConnectionLost(async () => (runs++, Promise.reject(new Error('no such scan'))))).rejects.toThrow('no such scan');
    expect(runs).toBe(1);
  });
});
