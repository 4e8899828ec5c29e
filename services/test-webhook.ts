import { randomUUID } from 'node:crypto';
import { LIMITS } from '../core/plans';
import { webhookTestMessageId } from '../core/webhook';
import type { WebhookTestResult } from '../core/wire/webhooks';
import type { AppDeps } from './ports';
import { enforceRateLimit, type RateWindow } from './rate-limit';
import { publicWebhookUrl } from './submit-scan';

export interface TestWebhookInput {
  accountId: string;
  keyHash: string;
  url: string;
  requestId?: string;
  /** Receives the submission window counted, for the response's `x-ratelimit-*` headers. */
  report?: (window: RateWindow) => void;
}

/**
 * Sends one signed `webhook.test` event to `url` through the delivery path of
 * a scan's end (a `webhook-test-` workflow on the webhooks queue) and reports
 * what the receiver answered. It makes this service POST to an address the
 * client names, so it counts against the key's per-minute submissions, and the
 * address passes the same public-address rule as `webhook_url` first.
 */
export async function sendTestWebhook(
  deps: Pick<AppDeps, 'workflows' | 'config' | 'rateLimiter' | 'now'>,
  input: TestWebhookInput,
): Promise<WebhookTestResult> {
  const url = await publicWebhookUrl(deps, input.url, 'url');
  await enforceRateLimit(deps, input.keyHash, 'submit', LIMITS.scanSubmissionsPerMinute, input.report);
  const testId = randomUUID();
  const webhookId = webhookTestMessageId(testId);
  const outcome = await deps.workflows.testWebhook(
    { testId, accountId: input.accountId, url, webhookId },
    { ...(input.requestId ? { requestId: input.requestId } : {}) },
  );
  const base = { type: 'webhook.test' as const, webhook_id: webhookId, url };
  if (outcome.status === null) return { ...base, delivered: false, status: null, detail: `no answer: ${outcome.reason}` };
  const delivered = outcome.status >= 200 && outcome.status <= 299;
  return delivered
    ? { ...base, delivered, status: outcome.status }
    : { ...base, delivered, status: outcome.status, detail: `the receiver answered HTTP ${outcome.status}; deliveries need a 2xx` };
}
