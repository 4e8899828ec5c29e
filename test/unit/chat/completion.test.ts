import { describe, expect, it } from 'vitest';
import { chatCompletion, closingChunks, sseData } from '../../../core/chat/completion';

const header = { id: 'call_0123456789abcdef01234567', created: 1_700_000_000, model: 'holdline' };
const run = { call_id: header.id, base_model: 'qwen', steps: 3, tools_used: ['run'], stopped: 'done' as const };
const result = { content: 'hi', finishReason: 'stop' as const, usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 }, run };

describe('completion objects', () => {
  it('builds a chat.completion with the run object under holdline', () => {
    expect(chatCompletion(header, result)).toEqual({
      id: header.id,
      object: 'chat.completion',
      created: header.created,
      model: 'holdline',
      choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, logprobs: null, finish_reason: 'stop' }],
      usage: result.usage,
      holdline: run,
    });
  });

  it('ends a stream with the content, exactly one finish chunk carrying the run, then usage when asked', () => {
    const chunks = closingChunks(header, result, true) as Record<string, unknown>[];
    expect(chunks).toEqual([
      { ...header, object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: 'hi' }, logprobs: null, finish_reason: null }] },
      { ...header, object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' }], holdline: run },
      { ...header, object: 'chat.completion.chunk', choices: [], usage: result.usage },
    ]);
    expect(closingChunks(header, result, false)).toHaveLength(2);
  });

  it('frames SSE events', () => {
    expect(sseData('[DONE]')).toBe('data: [DONE]\n\n');
    expect(sseData({ a: 1 })).toBe('data: {"a":1}\n\n');
  });
});
