import { randomUUID } from 'node:crypto';
import { badRequest, DomainError, rateLimited } from '../core/errors';
import { LIMITS } from '../core/plans';
import { webhookTestMessageId } from '../core/webhook';
import type { WebhookTestResult } from '../core/wire/webhooks';
import type { AppDeps } from './ports';
import { enforceRateLimit, type RateWindow } from './rate-limit';
import { hashSecret } from '../store/ids';
import { publicWebhookUrl } from './submit-scan';

/**
 * The one answer to every refused address. The rule's own reasons ("does not resolve",
 * "resolves to a non-public address") would tell any key holder what this server's DNS
 * says about a name, one request at a time.
 */
export const WEBHOOK_TEST_REFUSED = 'url refused: it must be a public http(s) URL whose host resolves only to public addresses';

/**
 * How long an account's one test in flight may hold its lease at most: the attempt has
 * 5 s, its workflow is given up after 20 s; a lease its API process never gave back
 * (the process died) is free again after this.
 */
export const WEBHOOK_TEST_LEASE_MS = 30_000;

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
 * a scan's end (a `webhook-test-` workflow on its own small queue, so tests never
 * hold the slots of real deliveries) and reports what the receiver answered. It
 * makes this service POST to an address the client names, so every request counts
 * against the key's per-minute submissions before anything else (refusals too); the
 * address passes the same public-address rule as `webhook_url`, every refusal in
 * the same words; and an account has one test in flight at a time (429 otherwise).
 */
export async function sendTestWebhook(
  deps: Pick<AppDeps, 'workflows' | 'config' | 'rateLimiter' | 'now'>,
  input: TestWebhookInput,
): Promise<WebhookTestResult> {
  await enforceRateLimit(deps, input.keyHash, 'submit', LIMITS.scanSubmissionsPerMinute, input.report);
  let url: string;
  try {
    url = await publicWebhookUrl(deps, input.url, 'url');
  } catch (error) {
    if (error instanceof DomainError && error.code === 'bad_request') throw badRequest(WEBHOOK_TEST_REFUSED, 'url');
    throw error;
  }
  const held = await deps.rateLimiter.takeLease(hashSecret(`webhook-test:${input.accountId}`), 'webhook-test', deps.now(), WEBHOOK_TEST_LEASE_MS);
  if (!held.lease) throw rateLimited('a webhook test of this account is already in flight; send the next when it has answered', held.retryAfterSec);
  const testId = randomUUID();
  const webhookId = webhookTestMessageId(testId);
  let outcome: Awaited<ReturnType<AppDeps['workflows']['testWebhook']>>;
  try {
    outcome = await deps.workflows.testWebhook(
      { testId, accountId: input.accountId, url, webhookId },
      { ...(input.requestId ? { requestId: input.requestId } : {}) },
    );
  } finally {
    await deps.rateLimiter.releaseLease(held.lease);
  }
  const base = { type: 'webhook.test' as const, webhook_id: webhookId, url };
  if (outcome.status === null) return { ...base, delivered: false, status: null, detail: `no answer: ${outcome.reason}` };
  const delivered = outcome.status >= 200 && outcome.status <= 299;
  return delivered
    ? { ...base, delivered, status: outcome.status }
    : { ...base, delivered, status: outcome.status, detail: `the receiver answered HTTP ${outcome.status}; deliveries need a 2xx` };
}
