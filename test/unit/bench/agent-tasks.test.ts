import { describe, expect, it } from 'vitest';
import { AGENT_TASKS, answerIsRight } from '../../../bench/agent-tasks';

const task = (id: string) => AGENT_TASKS.find((t) => t.id === id)!;

describe('answerIsRight (the agents benchmark)', () => {
  it('finds a list of numbers in its order however it is joined, and not out of order', () => {
    expect(answerIsRight(task('sort'), 'The sorted numbers from largest to smallest are 88, 56, 42, 19, 7, and 3.')).toBe(true);
    expect(answerIsRight(task('sort'), '88,56,42,19,7,3')).toBe(true);
    expect(answerIsRight(task('sort'), '88, 56, 19, 42, 7, 3')).toBe(false);
    expect(answerIsRight(task('sort'), '188, 56, 42, 19, 7, 3')).toBe(false);
  });

  it('wants a number alone, a word alone, and never a tool call written as text', () => {
    expect(answerIsRight(task('count-s'), 'It occurs 8 times.')).toBe(true);
    expect(answerIsRight(task('count-s'), 'It occurs 18 times.')).toBe(false);
    expect(answerIsRight(task('count-s'), 'run({"code": "print(8)"})')).toBe(false);
  });
});
