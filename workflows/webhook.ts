import { ActivityFailure, ApplicationFailure, isCancellation, log, proxyActivities, sleep } from '@temporalio/workflow';
import type { WebhookActivities } from '../activities/webhook-activities';
import { deliverySchedule, webhookMessageId, type TestDeliveryOutcome, type WebhookEventType } from '../core/webhook';
import { FailureType } from '../contracts/names';
import type { WebhookTestInput } from '../contracts/workflows';

export interface WebhookDeliveryInput {
  scanId: string;
  /** Checked public at submission; checked again at every attempt. */
  url: string;
  type: WebhookEventType;
  /** When the scan ended, ms since the epoch: the event's `timestamp`, the same on every attempt. */
  endedAtMs: number;
  /** Seconds to wait before each attempt, the first included (config `webhookRetrySeconds`). */
  retrySeconds: number[];
}

export interface WebhookDeliveryResult {
  delivered: true;
  attempts: number;
  status: number;
}

// One try per activity execution: each attempt, and why it failed, is its own
// ActivityTaskScheduled/Started/Failed in this workflow's history (the Temporal
// UI lists them), and the waits between attempts are this workflow's timers.
const attempt = proxyActivities<WebhookActivities>({
  startToCloseTimeout: '30 seconds',
  allowEagerDispatch: false,
  retry: { maximumAttempts: 1 },
});

// A test's one attempt: the receiver has 5 s (activities/webhook-activities.ts); the caller is waiting.
const testAttempt = proxyActivities<WebhookActivities>({
  startToCloseTimeout: '10 seconds',
  allowEagerDispatch: false,
  retry: { maximumAttempts: 1 },
});

/** Stops the schedule: the receiver said 410 Gone, or there is no scan left to tell about. */
const FINAL: ReadonlySet<string> = new Set([FailureType.WebhookGone, FailureType.WebhookSourceMissing]);

/**
 * Delivers one scan's end to its webhook URL: an attempt after each delay of the
 * schedule (cut at 24 h after the scan ended) until one is answered 2xx. Ends
 * failed (`WebhookUndelivered`) with the last attempt's reason when none was.
 */
export async function webhookDeliveryWorkflow(input: WebhookDeliveryInput): Promise<WebhookDeliveryResult> {
  const delays = deliverySchedule(input.retrySeconds);
  const webhookId = webhookMessageId(input.scanId, input.type);
  let lastReason = 'no attempt was made';
  for (const [index, delaySec] of delays.entries()) {
    if (delaySec > 0) await sleep(delaySec * 1000);
    try {
      const answer = await attempt.deliverWebhook({
        scanId: input.scanId,
        url: input.url,
        type: input.type,
        endedAtMs: input.endedAtMs,
        webhookId,
        attempt: index + 1,
      });
      return { delivered: true, attempts: index + 1, status: answer.status };
    } catch (error) {
      // A cancellation (an operator stopping the delivery) ends the workflow; a failed or timed-out attempt does not.
      if (isCancellation(error) || !(error instanceof ActivityFailure)) throw error;
      const cause = error.cause;
      lastReason = cause?.message || error.message;
      log.warn('webhook attempt failed', { scanId: input.scanId, attempt: index + 1, of: delays.length, reason: lastReason });
      if (cause instanceof ApplicationFailure && typeof cause.type === 'string' && FINAL.has(cause.type)) {
        throw ApplicationFailure.nonRetryable(`webhook not delivered: ${lastReason}`, FailureType.WebhookUndelivered);
      }
    }
  }
  throw ApplicationFailure.nonRetryable(`webhook not delivered after ${delays.length} attempts; the last: ${lastReason}`, FailureType.WebhookUndelivered);
}

/**
 * `POST /v1/webhooks/test`: one `webhook.test` event through the same activity
 * path as a scan's end (signing, address rule, no redirects), one attempt, no
 * retries: the caller is waiting for the receiver's answer.
 */
export async function webhookTestWorkflow(input: WebhookTestInput): Promise<TestDeliveryOutcome> {
  return testAttempt.deliverTestWebhook(input);
}
