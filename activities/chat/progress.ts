// Progress texts of one activity attempt, appended to `call_events` in order. Reasoning
// arrives token by token; it is batched (one write per ~100 ms) and writes are chained.
// A note waits as long, so the note a step makes before its model call or tool ("checking
// the answer…", "→ run") shares one write with what the step notes when it ends quickly,
// instead of a second write the step's end would queue behind.
// Sequence numbers need no round trip: they start at a base derived from the step's
// position in the call's log and the attempt, so later steps always sort later.

import type { CallsStore } from '../../store/calls';

const FLUSH_MS = 100;
const PER_STEP = 10_000_000;
const PER_ATTEMPT = 100_000;

/** First event number of attempt `attempt` (1-based) of the step at log position `turnSeq`. */
export const eventSeqBase = (turnSeq: number, attempt: number) => (turnSeq + 1) * PER_STEP + Math.min(attempt, 99) * PER_ATTEMPT;

export class ProgressWriter {
  private pending: { kind: 'note' | 'reasoning'; text: string }[] = [];
  private next: number;
  private readonly last: number;
  private chain: Promise<void> = Promise.resolve();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inReasoning = false;

  constructor(
    private readonly calls: CallsStore,
    private readonly callId: string,
    base: number,
  ) {
    this.next = base + 1;
    this.last = base + PER_ATTEMPT - 1;
  }

  /** A line of progress (a newline is added). */
  note(text: string): void {
    this.endReasoning();
    this.pending.push({ kind: 'note', text: `${text}\n` });
    this.schedule(FLUSH_MS);
  }

  reasoning(text: string): void {
    this.inReasoning = true;
    const last = this.pending.at(-1);
    if (last?.kind === 'reasoning') last.text += text;
    else this.pending.push({ kind: 'reasoning', text });
    this.schedule(FLUSH_MS);
  }

  /** Ends a run of reasoning with a line break so the next note starts on its own line. */
  endReasoning(): void {
    if (!this.inReasoning) return;
    this.inReasoning = false;
    this.reasoning('\n');
    this.inReasoning = false;
  }

  /** Waits until everything noted so far is stored. Progress is best effort: a failed write is not an error. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.write();
    await this.chain;
  }

  private schedule(delayMs: number): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.write();
    }, delayMs);
  }

  private write(): void {
    if (this.pending.length === 0) return;
    const batch = this.pending.map((event) => ({ ...event, seq: this.next++ })).filter((event) => event.seq <= this.last);
    this.pending = [];
    if (batch.length === 0) return;
    this.chain = this.chain.then(() => this.calls.appendEvents(this.callId, batch).catch(() => undefined));
  }
}
