// The embedded model server is an optional part: one that cannot start (here a
// llama-server that dies by SIGSEGV at once, as ggml's AMX path did on some cloud CPUs)
// leaves the rest of the stack up. The stack says why, naming the signal and the
// variables that fix it; `/readyz` stays 200 and reports it; chat answers 503
// model_unavailable with the cause and `x-should-retry: false`, charging nothing.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_FIX_HINT } from '../../../tooling/stack/model';
import { startStack, type Stack } from '../../../tooling/stack/start';
import { getStackEnv } from '../helpers/stack-env';
import { MongoClient } from 'mongodb';
import { AccountsStore } from '../../../store/accounts';

let dir: string;
let stack: Stack;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'holdline-model-unavailable-'));
  const tools = join(dir, 'bin');
  mkdirSync(tools);
  // Loads nothing and dies the way the AMX fault killed the real one.
  writeFileSync(join(tools, 'llama-server'), '#!/bin/sh\necho "llama threadpool init"\nkill -SEGV $$\n');
  chmodSync(join(tools, 'llama-server'), 0o755);
  const { temporalAddress, mongodbUri } = getStackEnv();
  stack = await startStack({
    dataDir: join(dir, 'data'),
    toolsDir: tools,
    externalEnv: { TEMPORAL_ADDRESS: temporalAddress, MONGODB_URI: mongodbUri },
    env: { HOLDLINE_EMBEDDED_MODEL: 'small', HOLDLINE_TASK_QUEUE_PREFIX: `unavailable${process.pid}` },
    model: true,
    modelOptional: true,
    api: true,
    handleSignals: false,
  });
}, 180_000);
afterAll(async () => {
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('a model server that cannot start', () => {
  it('leaves the stack up and says why, with the signal and what fixes it', () => {
    expect(stack.apiUrl).toBeDefined();
    expect(stack.modelUnavailable).toMatch(/exited before it was ready \(signal SIGSEGV/);
    expect(stack.env.MODEL_BASE_URL).toBe('off');
    expect(stack.env.HOLDLINE_MODEL_UNAVAILABLE).toContain(MODEL_FIX_HINT);
  });

  it('is reported by /readyz, which stays 200', async () => {
    const response = await fetch(`${stack.apiUrl}/readyz`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { model: string; model_detail?: string };
    expect(body.model).toBe('unavailable');
    expect(body.model_detail).toMatch(/signal SIGSEGV.*HOLDLINE_EMBEDDED_MODEL=small/);
  });

  it('answers chat with 503 model_unavailable, the cause, and no retry', async () => {
    const mongo = await MongoClient.connect(getStackEnv().mongodbUri);
    try {
      const { apiKey } = await new AccountsStore(mongo.db()).create({ email: `unavailable-${process.pid}@example.com` });
      const response = await fetch(`${stack.apiUrl}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'holdline', messages: [{ role: 'user', content: 'What is 2 + 2?' }] }),
      });
      expect(response.status).toBe(503);
      expect(response.headers.get('x-should-retry')).toBe('false');
      const body = (await response.json()) as { error: { code: string; message: string; type: string } };
      expect(body.error.code).toBe('model_unavailable');
      expect(body.error.type).toBe('server_error');
      expect(body.error.message).toMatch(/^the model server could not start: .*signal SIGSEGV/);
    } finally {
      await mongo.close();
    }
  });
});
