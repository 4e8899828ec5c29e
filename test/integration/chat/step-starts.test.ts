import { ApplicationFailure } from '@temporalio/common';
import { MongoClient, type Db } from 'mongodb';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_COLD_STARTS, withStepStartCount } from '../../../activities/chat/step-starts';
import type { ModelStepResult } from '../../../core/chat/agent-loop';
import { CallsStore, type CallDoc } from '../../../store/calls';
import { FailureType } from '../../../contracts/names';
import { getStackEnv } from '../helpers/stack-env';

// The bound on a chat call whose model step kills its worker, on the real FerretDB:
// each fresh worker process (a new wrapper) counts its first start of a call's step in
// the call document; a live worker's later steps count nothing.

let client: MongoClient;
let db: Db;
let calls: CallsStore;

beforeAll(async () => {
  client = await MongoClient.connect(getStackEnv().mongodbUri);
  db = client.db(`stepstarts${randomBytes(4).toString('hex')}`);
  calls = new CallsStore(db);
});
afterAll(async () => {
  await db?.dropDatabase().catch(() => undefined);
  await client?.close();
});

async function newCall(): Promise<string> {
  const callId = `call_${randomBytes(12).toString('hex')}`;
  await calls.create({
    call_id: callId,
    account_id: 'acct_steps',
    key_hash: 'key',
    model: 'holdline',
    base_model: 'base',
    messages: [{ role: 'user', content: 'hi' }],
    stream: false,
    created_at: new Date(),
  });
  return callId;
}

/** A worker process's chat activities: the step itself only records that it ran, and the call document it was handed. */
function freshWorker(ran: number[], handed: (CallDoc | undefined)[] = []) {
  const result: ModelStepResult = { content: 'ok', toolCalls: [], finishReason: 'stop', usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } };
  const modelStep = async (input: { seq: number }, known?: { call?: CallDoc }) => (ran.push(input.seq), handed.push(known?.call), result);
  return withStepStartCount({ modelStep } as never, calls) as unknown as {
    modelStep(input: { callId: string; seq: number; role: 'plan' | 'act' }): Promise<ModelStepResult>;
  };
}

describe('cold starts of a model step', () => {
  it(`a step started on ${MAX_COLD_STARTS} fresh workers runs each time; the next fresh start is refused with WorkerLost`, async () => {
    const callId = await newCall();
    const ran: number[] = [];
    for (let i = 0; i < MAX_COLD_STARTS; i++) await freshWorker(ran).modelStep({ callId, seq: 2, role: 'act' });
    expect(ran).toEqual(Array(MAX_COLD_STARTS).fill(2));
    const refused = await freshWorker(ran)
      .modelStep({ callId, seq: 2, role: 'act' })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(ApplicationFailure);
    expect(refused).toMatchObject({ type: FailureType.WorkerLost, nonRetryable: true, message: expect.stringMatching(/ended the worker running it/) });
    expect(ran).toHaveLength(MAX_COLD_STARTS);
    // Another step of the same call has its own count.
    await freshWorker(ran).modelStep({ callId, seq: 3, role: 'act' });
    expect((await calls.get(callId))?.step_starts).toEqual({ '2': MAX_COLD_STARTS + 1, '3': 1 });
  });

  it('a live worker counts only its first start of a call: later steps and retries write nothing', async () => {
    const callId = await newCall();
    const ran: number[] = [];
    const handed: (CallDoc | undefined)[] = [];
    const worker = freshWorker(ran, handed);
    for (const seq of [0, 1, 1, 1, 2, 3, 3, 4]) await worker.modelStep({ callId, seq, role: seq === 0 ? 'plan' : 'act' });
    expect(ran).toEqual([0, 1, 1, 1, 2, 3, 3, 4]);
    expect((await calls.get(callId))?.step_starts).toEqual({ '0': 1 });
    // The counting write returned the call: the cold step is handed it (and reads nothing); warm steps read their cache.
    expect(handed[0]).toMatchObject({ _id: callId, base_model: 'base', messages: [{ role: 'user', content: 'hi' }], step_starts: { '0': 1 } });
    expect(handed.slice(1)).toEqual(Array(7).fill(undefined));
  });

  it('a call that does not exist is not refused here: the step itself reports it', async () => {
    const ran: number[] = [];
    const handed: (CallDoc | undefined)[] = [];
    await freshWorker(ran, handed).modelStep({ callId: 'call_missing', seq: 0, role: 'plan' });
    expect(ran).toEqual([0]);
    expect(handed).toEqual([undefined]);
  });
});
