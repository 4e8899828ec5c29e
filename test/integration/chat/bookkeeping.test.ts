import { ApplicationFailure } from '@temporalio/common';
import { MongoClient, type Db } from 'mongodb';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatActivities } from '../../../activities/chat/chat-activities';
import { CallsStore } from '../../../store/calls';
import { UsageStore } from '../../../store/usage';
import { FailureType } from '../../../contracts/names';
import { getStackEnv } from '../helpers/stack-env';

// The call document's bookkeeping writes, on the real FerretDB: each is one write filtered
// on `_id` alone (any other field makes FerretDB read every call ever made), and each stays
// right when it is repeated (a retried or replayed local activity).

let client: MongoClient;
let db: Db;
let calls: CallsStore;
let usage: UsageStore;

beforeAll(async () => {
  client = await MongoClient.connect(getStackEnv().mongodbUri);
  db = client.db(`bookkeeping${randomBytes(4).toString('hex')}`);
  calls = new CallsStore(db);
  usage = new UsageStore(db);
});
afterAll(async () => {
  await db?.dropDatabase().catch(() => undefined);
  await client?.close();
});

const createdAt = new Date();

async function newCall(accountId: string): Promise<{ callId: string; keyHash: string }> {
  const callId = `call_${randomBytes(12).toString('hex')}`;
  const keyHash = `key_${randomBytes(6).toString('hex')}`;
  await calls.create({
    call_id: callId,
    account_id: accountId,
    key_hash: keyHash,
    model: 'holdline',
    base_model: 'base-x',
    messages: [{ role: 'user', content: 'hi' }],
    stream: true,
    created_at: createdAt,
  });
  expect(await calls.acquireSlot({ keyHash, callId, accountId, now: new Date(), ttlMs: 60_000 })).toBe(true);
  return { callId, keyHash };
}

/** finishCall touches only MongoDB: the model and the sandbox are never reached. */
const activities = () => createChatActivities({ calls, usage, model: {} as never, sandbox: {} as never });

const run = { stopped: 'done' as const, steps: 3, toolsUsed: ['run'], usage: { prompt_tokens: 100, completion_tokens: 23, total_tokens: 123 } };

describe('finishing a call', () => {
  it('counts the tokens once however often finishCall runs (a retry, a replay on another worker), frees the slot and keeps the first end', async () => {
    const accountId = `acct_${randomBytes(6).toString('hex')}`;
    const { callId, keyHash } = await newCall(accountId);
    const first = await activities().finishCall({ callId, ...run });
    expect(first).toEqual({ base_model: 'base-x' });
    const ended = await calls.get(callId);
    expect(ended).toMatchObject({ status: 'finished', stopped: 'done', steps: 3, tools_used: ['run'], usage: run.usage });
    expect(await calls.slots.findOne({ _id: keyHash })).toBeNull();
    // Again in the same worker (a retried local activity), then in a fresh one (a replay elsewhere).
    await activities().finishCall({ callId, ...run });
    const again = activities();
    await again.finishCall({ callId, ...run });
    expect((await usage.month(accountId, createdAt)).tokens).toBe(123);
    expect((await calls.get(callId))?.finished_at).toEqual(ended?.finished_at);
  });

  it('counts the tokens of each call of an account, and none for a call that used none', async () => {
    const accountId = `acct_${randomBytes(6).toString('hex')}`;
    const a = await newCall(accountId);
    const b = await newCall(accountId);
    const c = await newCall(accountId);
    await Promise.all([
      activities().finishCall({ callId: a.callId, ...run }),
      activities().finishCall({
        callId: c.callId,
        ...run,
        stopped: 'upstream_error',
        steps: 0,
        toolsUsed: [],
        usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
      }),
    ]);
    await activities().finishCall({ callId: b.callId, ...run });
    expect((await usage.month(accountId, createdAt)).tokens).toBe(246);
    expect(await calls.slots.countDocuments({ account_id: accountId })).toBe(0);
  });

  it('refuses a call that does not exist with the non-retryable CallMissing', async () => {
    const error = await activities()
      .finishCall({ callId: 'call_missing', ...run })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(ApplicationFailure);
    expect(error).toMatchObject({ type: FailureType.CallMissing, nonRetryable: true });
  });
});

describe('the first answer', () => {
  it('keeps the time of the first answer when marked again, and notes a failed attempt', async () => {
    const { callId } = await newCall('acct_answers');
    expect(await calls.firstStep(callId)).toEqual({ answered: false, attemptFailed: false });
    await calls.markFirstAttemptFailed(callId);
    expect(await calls.firstStep(callId)).toEqual({ answered: false, attemptFailed: true });
    const t1 = new Date(Date.now() - 5_000);
    await calls.markAnswered(callId, t1);
    await calls.markAnswered(callId, new Date());
    expect((await calls.get(callId))?.answered_at).toEqual(t1);
    expect(await calls.answered(callId)).toBe(true);
  });
});

describe('a call admission refused after creating it', () => {
  it('is removed by _id with its progress document', async () => {
    const { callId } = await newCall('acct_refused');
    await calls.appendEvents(callId, [{ seq: 1, kind: 'note', text: 'x\n' }]);
    await calls.remove(callId);
    expect(await calls.get(callId)).toBeNull();
    expect(await calls.eventsAfter(callId, 0)).toEqual([]);
  });
});
