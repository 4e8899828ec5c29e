import {
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  ChildWorkflowFailure,
  defineQuery,
  executeChild,
  isCancellation,
  proxyActivities,
  setHandler,
} from '@temporalio/workflow';
import type { RecutActivities } from '../activities/recut-activities';
import { parseRecutAnswer, validateProposal, type Proposal, type RecutRequest } from '../core/recut';
import type { RecutProposalFields, RecutStage } from '../store/recuts';
import { scanWorkflow } from './scan';
import { FailureType, scanWorkflowId } from '../contracts/names';
import type { RecutWorkflowInput, RecutWorkflowResult } from '../contracts/recut-types';

export const recutStageQuery = defineQuery<string>('recutStage');

const quick = proxyActivities<RecutActivities>({
  startToCloseTimeout: '1 minute',
  // No eager dispatch: it would skip the task queue's priority order (see scan.ts).
  allowEagerDispatch: false,
  retry: { maximumAttempts: 5, initialInterval: '1 second', nonRetryableErrorTypes: [FailureType.RecutMissing] },
});

// A model step: the client's own timeout (5 minutes by default) ends a hung request first.
// Three attempts, then the rules; a refusal (4xx) goes to the rules at once.
const model = proxyActivities<RecutActivities>({
  startToCloseTimeout: '6 minutes',
  allowEagerDispatch: false,
  heartbeatTimeout: '20 seconds',
  retry: {
    maximumAttempts: 3,
    initialInterval: '1 second',
    backoffCoefficient: 2,
    nonRetryableErrorTypes: [FailureType.UpstreamRejected, FailureType.RecutMissing],
  },
});

// The render heartbeats, so a dead worker is noticed in seconds and another renders again.
const heavy = proxyActivities<RecutActivities>({
  startToCloseTimeout: '60 minutes',
  allowEagerDispatch: false,
  heartbeatTimeout: '20 seconds',
  retry: { maximumAttempts: 4, initialInterval: '2 seconds', nonRetryableErrorTypes: [FailureType.RecutMissing, FailureType.RenderFailed] },
});

/**
 * One recut: propose (the model, once more with the reasons if its answer is refused, else
 * the rules) → validate → render → re-scan as a child scan workflow → compare.
 */
export async function recutWorkflow(input: RecutWorkflowInput): Promise<RecutWorkflowResult> {
  const { recutId } = input;
  let stage: RecutStage = 'propose';
  setHandler(recutStageQuery, () => stage);
  const request: RecutRequest = { goal: input.goal, maxSeconds: input.maxSeconds };
  try {
    await quick.noteRecutStage({ recutId, stage, pct: 5 });
    const proposal = await propose(input, request);
    const checked = validateProposal(proposal.segments, input.durationSec, request);
    // The rules always satisfy the limits; this guards the recut against a bug, never a model.
    if (!checked.ok) throw ApplicationFailure.nonRetryable(`no valid cut could be proposed: ${checked.reasons.join('; ')}`, FailureType.NoProposal);
    await quick.recordRecutProposal({ recutId, proposal: { ...proposal, segments: checked.segments } });
    stage = 'render';
    await heavy.renderRecut({ recutId });
    stage = 'rescan';
    const scan = await executeChild(scanWorkflow, {
      workflowId: scanWorkflowId(input.scanId),
      args: [{ scanId: input.scanId }],
      priority: { priorityKey: input.priorityKey },
    });
    if (scan.status !== 'complete') throw ApplicationFailure.nonRetryable(`the re-scan failed: ${scan.detail ?? 'unknown error'}`, FailureType.RescanFailed);
    stage = 'compare';
    await quick.noteRecutStage({ recutId, stage, pct: 97 });
    await quick.compareRecut({ recutId });
    stage = 'complete';
    return { recutId, status: 'complete' };
  } catch (error) {
    // Before the re-scan started no scan ran for the unit taken at submit: it goes back.
    const giveBackUnit = stage === 'propose' || stage === 'render';
    stage = 'error';
    if (isCancellation(error)) {
      await CancellationScope.nonCancellable(() => quick.failRecut({ recutId, detail: 'the recut was cancelled', giveBackUnit }));
      throw error;
    }
    const detail = failureDetail(error);
    await quick.failRecut({ recutId, detail, giveBackUnit });
    return { recutId, status: 'error', detail };
  }
}

/** The model's proposal, checked; one retry with the reasons; else the rules, saying why. */
async function propose(input: RecutWorkflowInput, request: RecutRequest): Promise<RecutProposalFields> {
  const { recutId } = input;
  let why = 'the model server was unreachable';
  try {
    let retry: { answer: string; reasons: string[] } | undefined;
    for (let attempt = 1; attempt <= 2; attempt++) {
      const { content, baseModel } = await model.askModelForRecut(retry ? { recutId, retry } : { recutId });
      const parsed = parseRecutAnswer(content);
      const checked = parsed.ok ? validateProposal(parsed.proposal.segments, input.durationSec, request) : parsed;
      if (parsed.ok && checked.ok) return { segments: checked.segments, rationale: parsed.proposal.rationale, proposed_by: 'model', base_model: baseModel };
      retry = { answer: content.slice(0, 4000), reasons: checked.ok ? [] : checked.reasons };
    }
    why = `the model's answers were refused twice: ${retry?.reasons.join('; ')}`;
  } catch (error) {
    if (isCancellation(error)) throw error;
    const cause = error instanceof ActivityFailure ? error.cause : error;
    if (cause instanceof ApplicationFailure && cause.type === FailureType.RecutMissing) throw error;
    if (cause instanceof ApplicationFailure && cause.type === FailureType.UpstreamRejected) why = `the model server refused the request`;
  }
  const rules: Proposal = await quick.proposeRecutByRules({ recutId, why });
  return { ...rules, proposed_by: 'rules', base_model: null };
}

const SELF_EXPLAINING: ReadonlySet<string> = new Set([FailureType.RenderFailed, FailureType.RescanFailed, FailureType.NoProposal, FailureType.RecutMissing]);

function failureDetail(error: unknown): string {
  const cause = error instanceof ActivityFailure || error instanceof ChildWorkflowFailure ? error.cause : error;
  if (cause instanceof ApplicationFailure && typeof cause.type === 'string' && SELF_EXPLAINING.has(cause.type)) return cause.message;
  return 'the recut failed after several attempts; please ask again';
}
