import { ApplicationFailure, Context } from '@temporalio/activity';
import { Webhook } from 'standardwebhooks';
import { webhookEvent, webhookTestEvent, type TestDeliveryOutcome, type WebhookEventType } from '../core/webhook';
import { FetchError, type safePost as SafePost } from '../net/safe-fetch';
import type { AccountsStore } from '../store/accounts';
import type { ScansStore } from '../store/scans';
import { FailureType } from '../contracts/names';

/** The ports one delivery attempt runs on; workers/deps.ts wires the real ones. */
export interface WebhookActivityDeps {
  scans: Pick<ScansStore, 'getStatus'>;
  accounts: Pick<AccountsStore, 'webhookSecret'>;
  post: typeof SafePost;
  allowHosts: readonly string[];
  /** One attempt's whole exchange, in ms. Default 15 000. */
  timeoutMs?: number;
  /** A `webhook.test` attempt's whole exchange, in ms (the caller waits for it). Default 5 000. */
  testTimeoutMs?: number;
  /** The attempt's clock (the `webhook-timestamp`); default the system's. */
  now?: () => Date;
}

/** A `webhook.test` attempt's default limit: the API's caller is waiting for the answer. */
export const TEST_TIMEOUT_MS = 5_000;

export interface DeliverWebhookInput {
  scanId: string;
  url: string;
  type: WebhookEventType;
  endedAtMs: number;
  /** `webhook-id`: the same on every attempt of one event. */
  webhookId: string;
  /** 1-based, for the log. */
  attempt: number;
}

export interface DeliverTestWebhookInput {
  accountId: string;
  url: string;
  webhookId: string;
}

export type WebhookActivities = ReturnType<typeof createWebhookActivities>;

export function createWebhookActivities(deps: WebhookActivityDeps) {
  return {
    /** One delivery attempt (`attemptDelivery`), stopped with its activity when cancelled. */
    async deliverWebhook(input: DeliverWebhookInput): Promise<{ status: number }> {
      return attemptDelivery(deps, input, Context.current().cancellationSignal);
    },
    /** One `webhook.test` event (`attemptTestDelivery`), stopped with its activity when cancelled. */
    async deliverTestWebhook(input: DeliverTestWebhookInput): Promise<TestDeliveryOutcome> {
      return attemptTestDelivery(deps, input, Context.current().cancellationSignal);
    },
  };
}

/**
 * One delivery attempt: the event built from the scan's status document, signed
 * with the account's secret as it is now (a rotation counts from the next
 * attempt), POSTed to a public address without following redirects. Returns on
 * 2xx; throws `WebhookRejected` (naming the status), `WebhookUnreachable`, or
 * `WebhookGone` on 410 (the receiver asks us to stop).
 */
export async function attemptDelivery(deps: WebhookActivityDeps, input: DeliverWebhookInput, signal?: AbortSignal): Promise<{ status: number }> {
  const scan = await deps.scans.getStatus(input.scanId);
  if (!scan) throw ApplicationFailure.nonRetryable(`scan ${input.scanId} no longer exists`, FailureType.WebhookSourceMissing);
  const secret = await deps.accounts.webhookSecret(scan.account_id);
  if (!secret) throw ApplicationFailure.nonRetryable(`the account of scan ${input.scanId} no longer exists`, FailureType.WebhookSourceMissing);
  const body = JSON.stringify(webhookEvent(scan, input.type, new Date(input.endedAtMs)));
  let status: number;
  try {
    status = await postSigned(deps, { url: input.url, secret, webhookId: input.webhookId, body }, signal);
  } catch (error) {
    if (error instanceof FetchError) throw ApplicationFailure.retryable(unreachableReason(error), FailureType.WebhookUnreachable);
    throw error;
  }
  if (status >= 200 && status <= 299) return { status };
  if (status === 410) throw ApplicationFailure.nonRetryable('the receiver answered HTTP 410 Gone', FailureType.WebhookGone);
  throw ApplicationFailure.retryable(`the receiver answered HTTP ${status}`, FailureType.WebhookRejected);
}

/**
 * One `webhook.test` event, signed with the account's secret and sent exactly
 * as a scan's end is (`postSigned`). Any status is an outcome to report, not a
 * failure; no answer is reported with its reason.
 */
export async function attemptTestDelivery(deps: WebhookActivityDeps, input: DeliverTestWebhookInput, signal?: AbortSignal): Promise<TestDeliveryOutcome> {
  const secret = await deps.accounts.webhookSecret(input.accountId);
  if (!secret) throw ApplicationFailure.nonRetryable(`account ${input.accountId} no longer exists`, FailureType.WebhookSourceMissing);
  const body = JSON.stringify(webhookTestEvent((deps.now ?? (() => new Date()))()));
  try {
    return {
      status: await postSigned(
        { ...deps, timeoutMs: deps.testTimeoutMs ?? TEST_TIMEOUT_MS },
        { url: input.url, secret, webhookId: input.webhookId, body },
        signal,
      ),
    };
  } catch (error) {
    if (error instanceof FetchError) return { status: null, reason: unreachableReason(error) };
    throw error;
  }
}

/**
 * POSTs `body` signed by Standard Webhooks (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`) to a public address, re-checked and pinned at this
 * attempt, without following redirects and reading at most 1 KiB of the
 * answer. Returns the receiver's status; throws FetchError when none came.
 */
async function postSigned(
  deps: WebhookActivityDeps,
  message: { url: string; secret: string; webhookId: string; body: string },
  signal?: AbortSignal,
): Promise<number> {
  const sentAt = (deps.now ?? (() => new Date()))();
  const headers = {
    'content-type': 'application/json',
    'webhook-id': message.webhookId,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': new Webhook(message.secret).sign(message.webhookId, sentAt, message.body),
  };
  const { status } = await deps.post(message.url, Buffer.from(message.body), {
    headers,
    allowHosts: deps.allowHosts,
    timeoutMs: deps.timeoutMs ?? 15_000,
    maxResponseBytes: 1024,
    userAgent: 'holdline-webhooks/1',
    ...(signal ? { signal } : {}),
  });
  return status;
}

/** Our own words: a socket error's text is the remote side's, not ours to repeat to the history. */
function unreachableReason(error: FetchError): string {
  switch (error.code) {
    case 'forbidden_address':
    case 'bad_scheme':
    case 'bad_url':
      // One sentence for every refusal: the rule's own reasons would say what the name resolves to here (a test's answer is the client's to read).
      return 'the webhook URL was refused at delivery: it is not a public http(s) address';
    case 'timeout':
      return 'the receiver did not answer in time';
    default:
      return 'the connection to the receiver failed';
  }
}
