import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { pinoTemporalLogger } from '../../../workers/log';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe('pinoTemporalLogger', () => {
  it('writes JSON lines of the API shape: numeric level, time, msg, the attributes; errors serialized', () => {
    const { lines, stream } = capture();
    const logger = pinoTemporalLogger('INFO', stream);
    logger.info('Activity failed', { workflowId: 'scan-scn_1', request_id: 'req_1', error: new Error('boom') });
    logger.log('WARN', 'slow', { activityType: 'decode' });
    logger.debug('hidden below INFO');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'Activity failed',
      workflowId: 'scan-scn_1',
      request_id: 'req_1',
      service: 'holdline-worker',
      error: { type: 'Error', message: 'boom' },
    });
    expect(typeof lines[0]!.time).toBe('number');
    expect(lines[1]).toMatchObject({ level: 40, msg: 'slow', activityType: 'decode' });
  });
});
