// What several chat activities do alike: progress notes keyed by step and attempt,
// heartbeats while they wait, and short one-line forms of long texts.
import { Context } from '@temporalio/activity';
import type { CallsStore } from '../../store/calls';
import { heartbeating as heartbeatingEvery } from '../heartbeat';
import { eventSeqBase, ProgressWriter } from './progress';

export const progressFor = (calls: CallsStore, callId: string, turnSeq: number) =>
  new ProgressWriter(calls, callId, eventSeqBase(turnSeq, Context.current().info.attempt));

// Every second, so a cancel (client gone, time limit) stops a step at once; model steps
// run as local activities, which cannot heartbeat (their workflow task is renewed instead).
export const heartbeating = <T>(work: (signal: AbortSignal) => Promise<T>) => heartbeatingEvery(1000, work);

/** A heartbeat from inside a step's stream, when the step is an ordinary activity. */
export function beat(): void {
  const context = Context.current();
  if (!context.info.isLocal) context.heartbeat();
}

/** `text` on one line, cut to `max` characters with an ellipsis. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
