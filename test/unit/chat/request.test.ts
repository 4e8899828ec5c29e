import { describe, expect, it } from 'vitest';
import { parseChatRequest } from '../../../core/chat/request';
import { DomainError } from '../../../core/errors';

const models = { holdline: 'qwen2.5-coder:7b', 'holdline-big': 'llama3.1:70b' };

function refusal(body: unknown): { code: string; param: string | undefined; message: string } {
  try {
    parseChatRequest(body, models);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { code: error.code, param: error.extra.param, message: error.message };
  }
  throw new Error('expected a refusal');
}

describe('parseChatRequest', () => {
  it('maps the model id to its base model and keeps user and assistant text in order', () => {
    const parsed = parseChatRequest(
      {
        model: 'holdline-big',
        messages: [
          { role: 'user', content: 'a' },
          { role: 'assistant', content: 'b' },
          { role: 'user', content: 'c' },
        ],
      },
      models,
    );
    expect(parsed).toEqual({
      model: 'holdline-big',
      baseModel: 'llama3.1:70b',
      messages: [
        { role: 'user', content: 'a' },
        { role: 'assistant', content: 'b' },
        { role: 'user', content: 'c' },
      ],
      stream: false,
      includeUsage: false,
    });
  });

  it('gathers system and developer messages into one leading system message', () => {
    const parsed = parseChatRequest(
      {
        model: 'holdline',
        messages: [
          { role: 'system', content: 'be brief' },
          { role: 'user', content: 'hi' },
          { role: 'developer', content: 'use metric' },
        ],
      },
      models,
    );
    expect(parsed.messages).toEqual([
      { role: 'system', content: 'be brief\n\nuse metric' },
      { role: 'user', content: 'hi' },
    ]);
  });

  it('joins text parts, accepts a null assistant content and turns client tool results into user text', () => {
    const parsed = parseChatRequest(
      {
        model: 'holdline',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'one' },
              { type: 'text', text: 'two' },
            ],
          },
          { role: 'assistant', content: null, tool_calls: [{ id: 'x', type: 'function', function: { name: 'f', arguments: '{}' } }] },
          { role: 'tool', tool_call_id: 'x', content: '42' },
        ],
        tools: [{ type: 'function', function: { name: 'f' } }],
        stream: true,
        stream_options: { include_usage: true },
      },
      models,
    );
    expect(parsed.messages).toEqual([
      { role: 'user', content: 'one\ntwo' },
      { role: 'assistant', content: '' },
      { role: 'user', content: 'Tool result supplied by the client:\n42' },
    ]);
    expect(parsed.stream).toBe(true);
    expect(parsed.includeUsage).toBe(true);
  });

  it.each([
    [{ messages: [{ role: 'user', content: 'x' }] }, 'model'],
    [{ model: '', messages: [{ role: 'user', content: 'x' }] }, 'model'],
    [{ model: 'gpt-4o', messages: [{ role: 'user', content: 'x' }] }, 'model'],
    [{ model: 'holdline' }, 'messages'],
    [{ model: 'holdline', messages: [] }, 'messages'],
    [{ model: 'holdline', messages: 'hi' }, 'messages'],
    [{ model: 'holdline', messages: ['hi'] }, 'messages[0]'],
    [{ model: 'holdline', messages: [{ role: 'wizard', content: 'x' }] }, 'messages[0].role'],
    [
      {
        model: 'holdline',
        messages: [
          { role: 'user', content: 'a' },
          { role: 'user', content: 7 },
        ],
      },
      'messages[1].content',
    ],
    [{ model: 'holdline', messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'x' } }] }] }, 'messages[0].content[0]'],
    [{ model: 'holdline', messages: [{ role: 'user', content: 'x' }], stream: 'yes' }, 'stream'],
    [{ model: 'holdline', messages: [{ role: 'user', content: 'x' }], stream_options: { include_usage: 1 } }, 'stream_options.include_usage'],
  ])('refuses %j naming param %s', (body, param) => {
    const got = refusal(body);
    expect(got.code).toBe('bad_request');
    expect(got.param).toBe(param);
  });

  it.each([
    ['only a system message', [{ role: 'system', content: 'be brief' }], 'only system or developer instructions'],
    [
      'system and developer only',
      [
        { role: 'system', content: 'a' },
        { role: 'developer', content: 'b' },
      ],
      'only system or developer instructions',
    ],
    ['an empty user message', [{ role: 'user', content: '' }], 'no task'],
    [
      'blank user messages with a system one',
      [
        { role: 'system', content: 'a' },
        { role: 'user', content: '  \n\t' },
      ],
      'no task',
    ],
    ['empty text parts', [{ role: 'user', content: [{ type: 'text', text: '' }] }], 'no task'],
    ['an empty part list', [{ role: 'user', content: [] }], 'no task'],
    ['assistant text alone', [{ role: 'assistant', content: 'I did it' }], 'no task'],
    ['an empty tool result', [{ role: 'tool', content: '' }], 'no task'],
    ['control characters alone', [{ role: 'user', content: `${String.fromCharCode(...Array.from({ length: 32 }, (_, c) => c))}\u007f\u0085` }], 'no task'],
  ])('refuses a request with no task (%s) naming messages', (_name, messages, words) => {
    const got = refusal({ model: 'holdline', messages });
    expect(got).toMatchObject({ code: 'bad_request', param: 'messages' });
    expect(got.message).toContain(words);
  });

  it('keeps control characters inside a message that says something', () => {
    expect(parseChatRequest({ model: 'holdline', messages: [{ role: 'user', content: '\u0000\u001bhi\u0007' }] }, models).messages).toEqual([
      { role: 'user', content: '\u0000\u001bhi\u0007' },
    ]);
  });

  it('accepts a tool result as the task', () => {
    expect(parseChatRequest({ model: 'holdline', messages: [{ role: 'tool', content: 'result 42' }] }, models).messages).toEqual([
      { role: 'user', content: 'Tool result supplied by the client:\nresult 42' },
    ]);
  });

  it('names the available models when the id is unknown', () => {
    expect(refusal({ model: 'gpt-4o', messages: [{ role: 'user', content: 'x' }] }).message).toBe('unknown model "gpt-4o"; available: holdline, holdline-big');
  });
});
