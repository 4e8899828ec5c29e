import { describe, expect, it } from 'vitest';
import { CHILD_ADDRESS_SPACE_BYTES, CHILD_OPEN_FILES, CHILD_PROCESSES, childLimitArgs } from '../../../activities/sandbox/run-js';

describe('childLimitArgs', () => {
  it.each([
    [10_000, '14:15'],
    [1_000, '5:6'],
    [2_500, '7:8'],
  ])('gives a %i ms run CPU seconds %s (wall clock + 3 s grace, rounded up, + 1; hard limit a second later)', (timeoutMs, cpu) => {
    expect(childLimitArgs(timeoutMs)).toEqual([
      `--as=${CHILD_ADDRESS_SPACE_BYTES}`,
      `--cpu=${cpu}`,
      `--nofile=${CHILD_OPEN_FILES}`,
      `--nproc=${CHILD_PROCESSES}`,
      '--core=0',
    ]);
  });

  it("adds an interpreter's start-up time to the CPU seconds (Python: 20 s before the code's 10 s)", () => {
    expect(childLimitArgs(10_000, 20_000)[1]).toBe('--cpu=34:35');
    expect(childLimitArgs(1_000, 500)[1]).toBe('--cpu=6:7');
  });

  it('passes sizes in bytes (prlimit takes no unit suffixes)', () => {
    expect(childLimitArgs(10_000)[0]).toBe('--as=4294967296');
  });
});
