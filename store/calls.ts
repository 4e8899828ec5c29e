import { isDuplicateKey } from './duplicate-key';
import type { Db } from 'mongodb';
import type { CallTurn, RunObject, Stopped, TokenUsage, UpstreamMessage } from '../core/chat/shapes';
import { serialized, upsertRetrying } from './point';

/** One chat call: the task, who asked, and how it ended. */
export interface CallDoc {
  _id: string;
  call_id: string;
  account_id: string;
  /** Hash of the key that holds the call's slot. */
  key_hash: string;
  model: string;
  base_model: string;
  messages: UpstreamMessage[];
  stream: boolean;
  status: 'running' | 'finished';
  created_at: Date;
  /** When the upstream first answered the call's first model step (its first streamed chunk). */
  answered_at?: Date;
  /** When an attempt of the first model step last failed before the upstream answered it. */
  first_attempt_failed_at?: Date;
  stopped?: Stopped;
  steps?: number;
  tools_used?: string[];
  usage?: TokenUsage;
  finished_at?: Date;
  /** Starts of each model step (by seq) on workers that had not run the call before: bounds a step that kills its worker. */
  step_starts?: Record<string, number>;
  /** False for a call that never answered and whose month's call was given back (it does not count). */
  charged?: false;
}

/** One entry of the agents' log: a model step's output or a tool result. */
export type CallTurnDoc = CallTurn & {
  _id: string;
  call_id: string;
  seq: number;
  created_at: Date;
  usage?: TokenUsage;
};

/**
 * A short progress text the API forwards as a `reasoning_content` delta. Stored only inside
 * the call's `call_progress` document; `call_events` (one document per text) is no longer
 * written: nothing read it. Its old documents are still removed with their call's content.
 */
export interface CallEventDoc {
  _id: string;
  call_id: string;
  seq: number;
  kind: 'note' | 'reasoning';
  text: string;
  created_at: Date;
}

/** Every progress text of one call in one document, so a stream's poll is one `_id` read. */
interface CallProgressDoc {
  _id: string;
  events: Omit<CallEventDoc, '_id' | 'call_id'>[];
  created_at: Date;
}

/** The per-key concurrency lock: one document per key that has a call running. */
export interface CallSlotDoc {
  _id: string;
  call_id: string;
  account_id: string;
  acquired_at: Date;
  /** After this a crashed holder's slot may be taken over. */
  expires_at: Date;
}

const pad = (n: number) => String(n).padStart(12, '0');

/**
 * Calls, their turn logs, progress events and per-key slots. Every write is a
 * single-document atomic operation (FerretDB v1 has no transactions); retried
 * activity writes are idempotent upserts keyed by `<call_id>:<seq>`.
 */
export class CallsStore {
  private indexes: Promise<void> | undefined;

  constructor(private readonly db: Db) {}

  get calls() {
    return this.db.collection<CallDoc>('calls');
  }
  get turns() {
    return this.db.collection<CallTurnDoc>('call_turns');
  }
  get events() {
    return this.db.collection<CallEventDoc>('call_events');
  }
  get slots() {
    return this.db.collection<CallSlotDoc>('call_slots');
  }
  get progress() {
    return this.db.collection<CallProgressDoc>('call_progress');
  }

  ensureIndexes(): Promise<void> {
    this.indexes ??= Promise.all([
      this.calls.createIndex({ account_id: 1, created_at: -1 }),
      this.turns.createIndex({ call_id: 1, seq: 1 }),
      this.turns.createIndex({ created_at: 1 }),
      this.slots.createIndex({ expires_at: 1 }),
    ]).then(
      () => undefined,
      (error: unknown) => {
        this.indexes = undefined;
        throw error;
      },
    );
    return this.indexes;
  }

  // --- slots -------------------------------------------------------------

  /**
   * Takes the key's slot for `callId`: an insert that fails on an existing slot, so of
   * simultaneous requests exactly one wins. A slot past its expiry (its holder died)
   * is taken over with one conditional update.
   */
  async acquireSlot(input: { keyHash: string; callId: string; accountId: string; now: Date; ttlMs: number }): Promise<boolean> {
    const slot: CallSlotDoc = {
      _id: input.keyHash,
      call_id: input.callId,
      account_id: input.accountId,
      acquired_at: input.now,
      expires_at: new Date(input.now.getTime() + input.ttlMs),
    };
    try {
      await this.slots.insertOne(slot);
      return true;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    const { _id, ...fields } = slot;
    const taken = await this.slots.updateOne({ _id, expires_at: { $lt: input.now } }, { $set: fields });
    return taken.modifiedCount === 1;
  }

  /** Frees the key's slot if `callId` still holds it. */
  async releaseSlot(keyHash: string, callId: string): Promise<void> {
    await this.slots.deleteOne({ _id: keyHash, call_id: callId });
  }

  /** Slots held now over all keys: the service's running calls. */
  async countRunning(now: Date): Promise<number> {
    return this.slots.countDocuments({ expires_at: { $gt: now } });
  }

  async deleteStaleSlots(now: Date): Promise<number> {
    return (await this.slots.deleteMany({ expires_at: { $lt: now } })).deletedCount;
  }

  // --- calls -------------------------------------------------------------

  async create(doc: Omit<CallDoc, '_id' | 'status'>): Promise<CallDoc> {
    await this.ensureIndexes();
    const full: CallDoc = { ...doc, _id: doc.call_id, status: 'running' };
    await this.calls.insertOne(full);
    return full;
  }

  async get(callId: string): Promise<CallDoc | null> {
    return this.calls.findOne({ _id: callId });
  }

  /** Records that the call's month's call was given back: it never answered, so it does not count. */
  async markUncharged(callId: string): Promise<void> {
    await this.calls.updateOne({ _id: callId }, { $set: { charged: false } });
  }

  /**
   * Removes a call admission refused after creating it (by `_id`: its workflow never ran, so
   * it has no turns or events; a per-event delete by `call_id` would read every event on
   * FerretDB, and the hourly sweep removes whatever a half-started workflow left).
   */
  async remove(callId: string): Promise<void> {
    await Promise.all([this.calls.deleteOne({ _id: callId }), this.progress.deleteOne({ _id: callId })]);
  }

  /** The account's calls still running (its closure cancels their workflows). */
  async runningOfAccount(accountId: string): Promise<string[]> {
    return (await this.calls.find({ account_id: accountId, status: 'running' }, { projection: { _id: 1 } }).toArray()).map((doc) => doc._id);
  }

  /**
   * Removes every chat call of the account with its turns, progress texts and
   * slots (its closure: call records are removed, not anonymised, since their
   * messages are the user's own words). The calls go last, so a retry finds them.
   */
  async removeAllOfAccount(accountId: string): Promise<number> {
    const ids = (await this.calls.find({ account_id: accountId }, { projection: { _id: 1 } }).toArray()).map((doc) => doc._id);
    if (ids.length > 0) {
      await Promise.all([
        this.turns.deleteMany({ call_id: { $in: ids } }),
        this.events.deleteMany({ call_id: { $in: ids } }),
        this.progress.deleteMany({ _id: { $in: ids } }),
      ]);
    }
    await this.slots.deleteMany({ account_id: accountId });
    return (await this.calls.deleteMany({ account_id: accountId })).deletedCount;
  }

  // The writes below filter on `_id` alone: on FerretDB any other field in the filter reads
  // the whole `calls` collection, which keeps every call ever made (see store/point.ts).

  /** Notes that the first model step got an answer from the upstream (idempotent: `$min` keeps the first time). */
  async markAnswered(callId: string, now = new Date()): Promise<void> {
    await this.calls.updateOne({ _id: callId }, { $min: { answered_at: now } });
  }

  /**
   * Notes that an attempt of the first model step failed before it got an answer (the API
   * drops its cached health check). Readers look at it only while `answered_at` is absent.
   */
  async markFirstAttemptFailed(callId: string, now = new Date()): Promise<void> {
    await this.calls.updateOne({ _id: callId }, { $set: { first_attempt_failed_at: now } });
  }

  /**
   * Counts a start of model step `seq` on a worker that had not run this call before (see
   * activities/chat/step-starts.ts): the count so far (0 when the call does not exist) and
   * the call document, which the step then needs no read for.
   */
  async countStepStart(callId: string, seq: number): Promise<{ starts: number; call: CallDoc | null }> {
    // No projection: FerretDB's findAndModify does not implement one, and the step wants the document anyway.
    const call = await this.calls.findOneAndUpdate({ _id: callId }, { $inc: { [`step_starts.${seq}`]: 1 } }, { returnDocument: 'after' });
    return { starts: call?.step_starts?.[String(seq)] ?? 0, call };
  }

  /** Whether the upstream has answered the call's first model step, and whether an attempt of it has failed so far. */
  async firstStep(callId: string): Promise<{ answered: boolean; attemptFailed: boolean }> {
    const doc = await this.calls.findOne({ _id: callId }, { projection: { answered_at: 1, first_attempt_failed_at: 1 } });
    return { answered: doc?.answered_at !== undefined, attemptFailed: doc?.first_attempt_failed_at !== undefined };
  }

  /** Whether the upstream has answered the call's first model step. */
  async answered(callId: string): Promise<boolean> {
    return (await this.firstStep(callId)).answered;
  }

  /**
   * Records how a call ended, in one `_id` write that returns the document as it was:
   * `first` is true only for the write that moved it from running (so tokens are counted
   * once; on MongoDB the swap is atomic). A repeated finish (a retried or replayed
   * `finishCall`, whose workflow passes the same run) writes the same values; `$min` keeps
   * the first `finished_at`. `call` is null when the call does not exist.
   */
  async finish(
    callId: string,
    run: Omit<RunObject, 'call_id' | 'base_model'> & { usage: TokenUsage },
    now = new Date(),
  ): Promise<{ first: boolean; call: CallDoc | null }> {
    const before = await this.calls.findOneAndUpdate(
      { _id: callId },
      { $set: { status: 'finished', stopped: run.stopped, steps: run.steps, tools_used: run.tools_used, usage: run.usage }, $min: { finished_at: now } },
      { returnDocument: 'before' },
    );
    return { first: before?.status === 'running', call: before };
  }

  // --- turns -------------------------------------------------------------

  async putTurn(callId: string, seq: number, turn: CallTurn, usage?: TokenUsage): Promise<void> {
    const _id = `${callId}:${pad(seq)}`;
    const doc = { ...turn, call_id: callId, seq, created_at: new Date(), ...(usage ? { usage } : {}) };
    await this.turns.replaceOne({ _id }, doc as CallTurnDoc, { upsert: true });
  }

  async turnLog(callId: string): Promise<CallTurnDoc[]> {
    return this.turns.find({ call_id: callId }).sort({ seq: 1 }).toArray();
  }

  async turn(callId: string, seq: number): Promise<CallTurnDoc | null> {
    return this.turns.findOne({ _id: `${callId}:${pad(seq)}` });
  }

  // --- events ------------------------------------------------------------

  /**
   * Appends progress texts with the sequence numbers the writer allocated (one write, no
   * counter round trip): writers derive them from their turn's position in the log, so a
   * later step's events always sort after an earlier step's. They go onto the call's one
   * progress document, which is what streams read.
   */
  async appendEvents(callId: string, events: { seq: number; kind: CallEventDoc['kind']; text: string }[]): Promise<void> {
    if (events.length === 0) return;
    const now = new Date();
    const docs = events.map((event) => ({ seq: event.seq, kind: event.kind, text: event.text, created_at: now }));
    await serialized(`progress:${callId}`, () =>
      upsertRetrying(() =>
        this.progress.updateOne({ _id: callId }, { $push: { events: { $each: docs } }, $setOnInsert: { created_at: now } }, { upsert: true }),
      ),
    );
  }

  /** The call's progress texts after `seq`, in order: one `_id` read of the call's progress document. */
  async eventsAfter(callId: string, seq: number, limit = 500): Promise<CallEventDoc[]> {
    const doc = await this.progress.findOne({ _id: callId });
    const seen = new Set<number>();
    return (doc?.events ?? [])
      .filter((event) => event.seq > seq && !seen.has(event.seq) && seen.add(event.seq))
      .sort((a, b) => a.seq - b.seq)
      .slice(0, limit)
      .map((event) => ({ ...event, _id: `${callId}:${pad(event.seq)}`, call_id: callId }));
  }

  // --- maintenance -------------------------------------------------------

  /** Conversations and progress of old calls go; the call documents (metadata) stay. */
  /** `events`: the calls' progress documents removed, and per-text documents of `call_events` written before it went. */
  async deleteContentOlderThan(cutoff: Date): Promise<{ turns: number; events: number; messages: number }> {
    const [turns, events, progress, messages] = await Promise.all([
      this.turns.deleteMany({ created_at: { $lt: cutoff } }),
      this.events.deleteMany({ created_at: { $lt: cutoff } }),
      this.progress.deleteMany({ created_at: { $lt: cutoff } }),
      this.calls.updateMany({ created_at: { $lt: cutoff }, status: 'finished', messages: { $ne: [] } }, { $set: { messages: [] } }),
    ]);
    return { turns: turns.deletedCount, events: progress.deletedCount + events.deletedCount, messages: messages.modifiedCount };
  }
}
