import { ApplicationFailure } from '@temporalio/activity';
import type { CallTurn } from '../../core/chat/shapes';
import type { CallDoc, CallsStore, CallTurnDoc } from '../../store/calls';
import { FailureType } from '../../contracts/names';

/** How many calls a worker keeps in memory; an evicted one is read again from MongoDB. */
const KEPT_CALLS = 200;

/** The failure of a step whose call document is gone (deleted, or never written). */
export const callMissing = (callId: string) => ApplicationFailure.nonRetryable(`call ${callId} does not exist`, FailureType.CallMissing);

/**
 * What one worker keeps of the calls it runs. The task never changes after admission, and
 * when a step's whole prefix of turns is here (the usual case, one worker running a call)
 * the log read is skipped. A step retried on another worker reads MongoDB instead.
 */
export class CallMemory {
  private readonly documents = new Map<string, CallDoc>();
  private readonly turns = new Map<string, Map<number, CallTurn>>();

  constructor(private readonly calls: CallsStore) {}

  rememberCall(call: CallDoc): void {
    this.documents.set(call._id, call);
    if (this.documents.size > KEPT_CALLS) this.documents.delete(this.documents.keys().next().value as string);
  }

  async loadCall(callId: string): Promise<CallDoc> {
    const cached = this.documents.get(callId);
    if (cached) return cached;
    const call = await this.calls.get(callId);
    if (!call) throw callMissing(callId);
    this.rememberCall(call);
    return call;
  }

  remember(callId: string, seq: number, turn: CallTurn): void {
    let turns = this.turns.get(callId);
    if (!turns) {
      turns = new Map();
      this.turns.set(callId, turns);
      if (this.turns.size > KEPT_CALLS) this.turns.delete(this.turns.keys().next().value as string);
    }
    turns.set(seq, turn);
  }

  /** The turn this worker wrote or read at `seq`, if it has it. */
  turn(callId: string, seq: number): CallTurn | undefined {
    return this.turns.get(callId)?.get(seq);
  }

  /** The turns before step `seq`, from memory when all are here, else from the log. */
  async turnsBefore(callId: string, seq: number): Promise<CallTurn[]> {
    const cached = this.turns.get(callId);
    if (cached) {
      const prefix: CallTurn[] = [];
      for (let i = 0; i < seq && cached.has(i); i++) prefix.push(cached.get(i) as CallTurn);
      if (prefix.length === seq) return prefix;
    }
    // Only turns before this step: a late write of a step cut short never leaks in.
    const log = (await this.calls.turnLog(callId)).filter((t) => t.seq < seq);
    for (const doc of log) this.remember(callId, doc.seq, turnOf(doc));
    return log.map(turnOf);
  }

  /** The call has ended: nothing of it is needed again. */
  forget(callId: string): void {
    this.documents.delete(callId);
    this.turns.delete(callId);
  }
}

function turnOf(doc: CallTurnDoc): CallTurn {
  const { _id, call_id, seq, created_at, usage, ...turn } = doc;
  return turn as CallTurn;
}
