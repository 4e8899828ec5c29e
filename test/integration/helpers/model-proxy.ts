// A proxy in front of a model server that records, per chat completion, what the server
// itself answered: its token counts, its finish reason and the request the service sent.

import { createServer, request as httpRequest, type Server } from 'node:http';
import type { TokenUsage } from '../../../core/chat/shapes';
import { freePort } from '../../../tooling/stack/ports';

export interface SeenAnswer {
  /** The request body the service sent. */
  request: { messages?: { role: string; content: unknown }[] };
  usage: TokenUsage | undefined;
  finishReason: string | undefined;
  /** The answer's text, streamed or not. */
  content: string;
  /** When the request reached the proxy and when the answer's last byte left it (ms since the epoch). */
  startedAt: number;
  endedAt: number;
  /** llama-server's own speeds for the answer (tokens per second) and its milliseconds reading the prompt and generating, when it sent them. */
  timings: { promptPerSecond: number; predictedPerSecond: number; promptMs: number; predictedMs: number } | undefined;
}

export interface CountingProxy {
  url: string;
  /** Chat completions the model server answered in full, in the order they ended. */
  answers: SeenAnswer[];
  /** Chat completions the service has sent so far, answered or not. */
  readonly started: number;
  /** Resolves once the service has sent `count` chat completions in all. */
  waitForStarted(count: number): Promise<void>;
  /** Holds the `nth` chat completion and every later one (1-based, counted over the proxy's life) until `release()`. */
  holdFrom(nth: number): void;
  release(): void;
  close(): Promise<void>;
}

/** Forwards everything to the model server and records, per chat completion, the usage it reported. */
export async function countingProxy(target: string): Promise<CountingProxy> {
  const upstream = new URL(target);
  const answers: SeenAnswer[] = [];
  let started = 0;
  let waiters: { count: number; resolve: () => void }[] = [];
  let holdFrom = Infinity;
  let release: () => void = () => undefined;
  let released: Promise<void> = Promise.resolve();
  const server: Server = createServer((req, res) => {
    const startedAt = Date.now();
    let nth = 0;
    if (req.url?.endsWith('/chat/completions')) {
      started += 1;
      nth = started;
      waiters = waiters.filter((w) => (w.count <= started ? (w.resolve(), false) : true));
    }
    let sent = '';
    req.on('data', (chunk: Buffer) => (sent += chunk.toString('utf8')));
    const forward = httpRequest({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      let text = '';
      answer.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        res.write(chunk);
      });
      // A model server that dies mid-answer takes the caller's answer with it, as without the proxy.
      answer.on('error', () => res.destroy());
      answer.on('aborted', () => res.destroy());
      answer.on('end', () => {
        res.end();
        if (req.url?.endsWith('/chat/completions'))
          answers.push({ ...readAnswer(text, sent === '' ? {} : (JSON.parse(sent) as SeenAnswer['request'])), startedAt, endedAt: Date.now() });
      });
    });
    forward.on('error', () => res.destroy());
    // A caller that goes away takes the model's request with it, as without the proxy.
    res.on('close', () => forward.destroy());
    // A held request's body waits, paused, until the test releases it.
    if (nth >= holdFrom) void released.then(() => req.pipe(forward));
    else req.pipe(forward);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    answers,
    get started() {
      return started;
    },
    holdFrom: (nth) => {
      holdFrom = nth;
      released = new Promise<void>((resolve) => (release = resolve));
    },
    release: () => {
      holdFrom = Infinity;
      release();
    },
    waitForStarted: (count) => (count <= started ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve }))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function readAnswer(text: string, request: SeenAnswer['request']): Omit<SeenAnswer, 'startedAt' | 'endedAt'> {
  const seen: Omit<SeenAnswer, 'startedAt' | 'endedAt'> = { request, usage: undefined, finishReason: undefined, content: '', timings: undefined };
  const payloads = text.includes('data: ')
    ? text
        .split('\n')
        .filter((l) => l.startsWith('data: ') && l !== 'data: [DONE]')
        .map((l) => l.slice(6))
    : [text];
  for (const payload of payloads) {
    const body = JSON.parse(payload) as {
      usage?: TokenUsage;
      timings?: { prompt_per_second?: number; predicted_per_second?: number; prompt_ms?: number; predicted_ms?: number };
      choices?: { finish_reason?: string | null; delta?: { content?: string | null }; message?: { content?: string | null } }[];
    };
    const choice = body.choices?.[0];
    seen.content += choice?.delta?.content ?? choice?.message?.content ?? '';
    if (body.usage)
      seen.usage = { prompt_tokens: body.usage.prompt_tokens, completion_tokens: body.usage.completion_tokens, total_tokens: body.usage.total_tokens };
    if (body.timings?.predicted_per_second !== undefined) {
      seen.timings = {
        promptPerSecond: body.timings.prompt_per_second ?? Number.NaN,
        predictedPerSecond: body.timings.predicted_per_second,
        promptMs: body.timings.prompt_ms ?? 0,
        predictedMs: body.timings.predicted_ms ?? 0,
      };
    }
    const finish = choice?.finish_reason;
    if (finish) seen.finishReason = finish;
  }
  return seen;
}
