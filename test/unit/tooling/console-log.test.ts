// `npm run up`'s console under a terminal (scripts/console-log.ts): one short line per log record.
import { describe, expect, it } from 'vitest';
import { consoleLine } from '../../../scripts/console-log';

const AT = Date.UTC(2026, 0, 2, 13, 4, 5, 678);
const plain = { colour: false };

describe('consoleLine', () => {
  it('a request record is one line: time, part, method, URL, status and time taken', () => {
    const record = {
      level: 30,
      time: AT,
      pid: 1,
      hostname: 'h',
      request_id: 'req_1',
      req: { method: 'GET', url: '/v1/scans?limit=5', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
      responseTime: 12.5,
      msg: 'GET /v1/scans?limit=5 200',
    };
    expect(consoleLine('api', JSON.stringify(record), plain)).toBe('13:04:05 api    GET /v1/scans?limit=5 200 12.5 ms');
  });

  it('a worker record shows its level when not info, its message, the ids it names and its error', () => {
    const record = {
      level: 50,
      time: AT,
      service: 'holdline-worker',
      msg: 'Activity failed',
      workflowId: 'scan-scn_1',
      activityType: 'decode',
      error: { message: 'ffmpeg exited 1', stack: 'Error: …' },
    };
    expect(consoleLine('worker', JSON.stringify(record), plain)).toBe(
      '13:04:05 worker ERROR Activity failed workflowId=scan-scn_1 activityType=decode error: ffmpeg exited 1',
    );
    expect(consoleLine('worker', JSON.stringify({ level: 30, time: AT, msg: 'Worker state changed', taskQueue: 'holdline-scans' }), plain)).toBe(
      '13:04:05 worker Worker state changed taskQueue=holdline-scans',
    );
  });

  it('anything that is not a pino record passes through after the part name', () => {
    expect(consoleLine('api', 'plain text from a child', plain)).toBe('api    plain text from a child');
    expect(consoleLine('api', '{"not":"a record"}', plain)).toBe('api    {"not":"a record"}');
    expect(consoleLine('api', '{broken json', plain)).toBe('api    {broken json');
  });

  it('with colour, a 5xx status is red and the time dim', () => {
    const record = { level: 30, time: AT, req: { method: 'POST', url: '/v1/scans' }, res: { statusCode: 503 }, responseTime: 3, msg: 'POST /v1/scans 503' };
    expect(consoleLine('api', JSON.stringify(record), { colour: true })).toBe(
      '\u001b[2m13:04:05\u001b[0m api    POST /v1/scans \u001b[31m503\u001b[0m \u001b[2m3 ms\u001b[0m',
    );
  });
});
