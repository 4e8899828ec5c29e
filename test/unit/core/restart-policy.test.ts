import { describe, expect, it } from 'vitest';
import { DEFAULT_RESTART_POLICY, decideRestart, describeExit, type RestartPolicy } from '../../../core/restart-policy';

const policy: RestartPolicy = { initialDelayMs: 500, multiplier: 2, maxDelayMs: 4000, windowMs: 60_000, maxFailuresInWindow: 5 };

describe('decideRestart', () => {
  it.each([
    // earlier failures, now, expected
    { earlier: [], now: 100_000, expected: { action: 'restart', delayMs: 500, failuresInWindow: 1 } },
    { earlier: [99_000], now: 100_000, expected: { action: 'restart', delayMs: 1000, failuresInWindow: 2 } },
    { earlier: [98_000, 99_000], now: 100_000, expected: { action: 'restart', delayMs: 2000, failuresInWindow: 3 } },
    { earlier: [97_000, 98_000, 99_000], now: 100_000, expected: { action: 'restart', delayMs: 4000, failuresInWindow: 4 } },
    // capped at maxDelayMs
    { earlier: [96_000, 97_000, 98_000, 99_000], now: 100_000, expected: { action: 'restart', delayMs: 4000, failuresInWindow: 5 } },
  ])('restarts after $expected.delayMs ms with $earlier.length earlier failures in the window', ({ earlier, now, expected }) => {
    expect(decideRestart(policy, earlier, now)).toEqual(expected);
  });

  it('gives up when more failures than allowed fall inside the window', () => {
    const decision = decideRestart(policy, [95_000, 96_000, 97_000, 98_000, 99_000], 100_000);
    expect(decision).toEqual({ action: 'give-up', failuresInWindow: 6, reason: 'exited 6 times within 60 s' });
  });

  it('forgets failures older than the window, so a part that stayed up starts over', () => {
    const old = [1_000, 2_000, 3_000, 4_000, 5_000, 6_000];
    expect(decideRestart(policy, old, 100_000)).toEqual({ action: 'restart', delayMs: 500, failuresInWindow: 1 });
    // exactly at the window's edge counts as outside
    expect(decideRestart(policy, [40_000], 100_000)).toMatchObject({ failuresInWindow: 1 });
    expect(decideRestart(policy, [40_001], 100_000)).toMatchObject({ failuresInWindow: 2 });
  });

  it('ignores failures after now and takes them in any order', () => {
    expect(decideRestart(policy, [99_000, 200_000, 98_000], 100_000)).toMatchObject({ action: 'restart', failuresInWindow: 3 });
  });

  it('by default lets a poison scan (one death per attempt, ≥ 20 s apart) be retried four times', () => {
    const deaths = [0, 22_000, 44_000, 66_000];
    const history: number[] = [];
    for (const t of deaths) {
      expect(decideRestart(DEFAULT_RESTART_POLICY, history, t).action).toBe('restart');
      history.push(t);
    }
  });

  it('by default gives up on a part that dies at once every time', () => {
    const history: number[] = [];
    let now = 0;
    let decision = decideRestart(DEFAULT_RESTART_POLICY, history, now);
    while (decision.action === 'restart') {
      history.push(now);
      now += decision.delayMs + 1000;
      decision = decideRestart(DEFAULT_RESTART_POLICY, history, now);
    }
    expect(decision.failuresInWindow).toBe(DEFAULT_RESTART_POLICY.maxFailuresInWindow + 1);
    expect(now).toBeLessThan(DEFAULT_RESTART_POLICY.windowMs);
  });
});

describe('describeExit', () => {
  it.each([
    [1, null, 'code 1'],
    [0, null, 'code 0'],
    [null, 'SIGKILL', 'signal SIGKILL'],
    [null, null, 'an unknown cause'],
  ] as const)('code %s signal %s reads "%s"', (code, signal, text) => {
    expect(describeExit(code, signal)).toBe(text);
  });
});
