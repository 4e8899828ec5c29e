import { afterEach, describe, expect, it, vi } from 'vitest';
import { meterDownload } from '../../../activities/scan/download-meter';

afterEach(() => {
  vi.useRealTimers();
});

function recorder() {
  const writes: Array<{ accountId: string; seconds: number; at: string }> = [];
  return { writes, time: { record: async (accountId: string, seconds: number, at: Date) => void writes.push({ accountId, seconds, at: at.toISOString() }) } };
}

describe('meterDownload', () => {
  it('writes the seconds since its last write every tick and the rest at stop, each to the window of its moment', async () => {
    vi.useFakeTimers();
    let clock = Date.parse('2026-03-10T12:59:52Z');
    const { writes, time } = recorder();
    const meter = meterDownload(time, 'acct_1', { everyMs: 5000, now: () => clock });
    clock += 5000;
    await vi.advanceTimersByTimeAsync(5000);
    clock += 5000;
    await vi.advanceTimersByTimeAsync(5000);
    clock += 2500;
    await meter.stop();
    expect(writes).toEqual([
      { accountId: 'acct_1', seconds: 5, at: '2026-03-10T12:59:57.000Z' },
      // This tick's seconds fall in the next hour's window: the write names its own moment.
      { accountId: 'acct_1', seconds: 5, at: '2026-03-10T13:00:02.000Z' },
      { accountId: 'acct_1', seconds: 2.5, at: '2026-03-10T13:00:04.500Z' },
    ]);
    // Stopped: no more writes.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(writes).toHaveLength(3);
  });

  it('a failed write is reported, not thrown, and the download goes on being counted', async () => {
    let clock = 0;
    const warned: string[] = [];
    let fail = true;
    const seconds: number[] = [];
    const meter = meterDownload(
      {
        record: async (_id, s) => {
          if (fail) throw new Error('store down');
          seconds.push(s);
        },
      },
      'acct_1',
      { everyMs: 60_000, now: () => clock, warn: (message) => void warned.push(message) },
    );
    clock = 3000;
    await meter.stop();
    expect(warned).toEqual(['download time could not be recorded']);
    fail = false;
    clock = 4000;
    await meter.stop();
    expect(seconds).toEqual([1]);
  });
});
