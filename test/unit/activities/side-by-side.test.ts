import { describe, expect, it } from 'vitest';
import { sideBySide } from '../../../activities/scan/shared';

/** Work that never finishes by itself and rejects once its signal is aborted. */
function pending<T>(signal: AbortSignal) {
  const done = new Promise<T>((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(new Error('stopped by the other pass')), { once: true });
  });
  return { done };
}

describe('sideBySide', () => {
  it('gives both results in order when both passes succeed', async () => {
    const never = new AbortController().signal;
    expect(
      await sideBySide(
        never,
        async () => 'picture',
        async () => 42,
      ),
    ).toEqual(['picture', 42]);
  });

  it("stops the other pass when one fails and throws the first failure, not the other's abort", async () => {
    const seen: AbortSignal[] = [];
    const result = sideBySide(
      new AbortController().signal,
      async (signal) => {
        seen.push(signal);
        throw new Error('the picture is corrupt');
      },
      (signal) => {
        seen.push(signal);
        return pending<number>(signal).done;
      },
    );
    await expect(result).rejects.toThrow('the picture is corrupt');
    expect(seen.every((s) => s.aborted)).toBe(true);
  });

  it('passes the activity cancellation on to both passes', async () => {
    const cancel = new AbortController();
    const signals: AbortSignal[] = [];
    const result = sideBySide(
      cancel.signal,
      (signal) => (signals.push(signal), pending<string>(signal).done),
      (signal) => (signals.push(signal), pending<number>(signal).done),
    );
    cancel.abort(new Error('cancelled'));
    await expect(result).rejects.toThrow('stopped by the other pass');
    expect(signals).toHaveLength(2);
    expect(signals.every((s) => s.aborted)).toBe(true);
  });
});
