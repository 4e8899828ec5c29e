// The names Temporal knows Holdline's work by, in one place: the API starts
// workflows under these ids and queues, workers poll these queues, activities
// throw these failure types and workflows decide on them. Pure: workflows and activities both import it (contracts/).

/** One workflow per scan, chat call and recut; the id is the document's id with its kind in front. */
export const scanWorkflowId = (scanId: string): string => `scan-${scanId}`;
export const chatWorkflowId = (callId: string): string => `chat-${callId}`;
export const recutWorkflowId = (recutId: string): string => `recut-${recutId}`;
/** The delivery of a scan's completion webhook, a child the scan workflow starts and abandons. */
export const webhookWorkflowId = (scanId: string): string => `webhook-${scanId}`;
/** One `POST /v1/webhooks/test`. */
export const webhookTestWorkflowId = (testId: string): string => `webhook-test-${testId}`;
/** The deletion of a scan (with its recuts and their re-scans): one per scan, so a second request joins the first. */
export const deleteWorkflowId = (scanId: string): string => `delete-${scanId}`;
/** The closure of an account: one per account, so a second request joins the first. */
export const closeAccountWorkflowId = (accountId: string): string => `close-account-${accountId}`;
/** The hourly media retention schedule (and the workflow id of each of its runs); on the scans queue, where the media store is. */
export const retentionScheduleId = (taskQueuePrefix: string): string => `${taskQueuePrefix}-retention`;
/** The hourly maintenance schedule (and the workflow id of each of its runs). */
export const maintenanceScheduleId = (taskQueuePrefix: string): string => `${taskQueuePrefix}-maintenance`;

/**
 * Scans (and recut renders) on one queue, chat calls (and maintenance) on another, and
 * webhook deliveries on their own, served beside chat with their own slots: a receiver
 * that never answers holds a delivery slot, never a chat tool's. `POST /v1/webhooks/test`
 * runs on a fourth, with a few slots of its own, so tests never delay real deliveries.
 */
export function taskQueues(config: { taskQueuePrefix: string }) {
  return {
    scans: `${config.taskQueuePrefix}-scans`,
    chat: `${config.taskQueuePrefix}-chat`,
    webhooks: `${config.taskQueuePrefix}-webhooks`,
    webhookTests: `${config.taskQueuePrefix}-webhook-tests`,
  } as const;
}

/** ApplicationFailure types. The non-retryable ones end the work in `error` with the failure's message as `detail`. */
export const FailureType = {
  /** The file is not a video Holdline can read (or breaks a media limit). */
  BadMedia: 'BadMedia',
  /** The source cannot be had: refused URL, missing or empty upload. */
  BadSource: 'BadSource',
  /** A download that kept failing (network, 5xx): retried, then reported with its reason. */
  DownloadFailed: 'DownloadFailed',
  /** The model upstream refused the request itself (4xx); retrying cannot help. */
  UpstreamRejected: 'UpstreamRejected',
  /** A chat call's model step kept stopping its worker (a poisoned call): refused, and the call fails. */
  WorkerLost: 'WorkerLost',
  /** The chat call's document is gone. */
  CallMissing: 'CallMissing',
  /** The recut (or its scan) is gone or not in a state to work on. */
  RecutMissing: 'RecutMissing',
  /** ffmpeg could not render the recut. */
  RenderFailed: 'RenderFailed',
  /** The recut agent proposed no valid cut. */
  NoProposal: 'NoProposal',
  /** The recut's re-scan ended in error. */
  RescanFailed: 'RescanFailed',
  /** A webhook attempt the receiver answered with a status other than 2xx (the message names it). */
  WebhookRejected: 'WebhookRejected',
  /** A webhook attempt that got no answer: refused address at delivery, connection failed, timeout. */
  WebhookUnreachable: 'WebhookUnreachable',
  /** The receiver answered 410 Gone: no further attempts for this event. */
  WebhookGone: 'WebhookGone',
  /** The scan (or its account) is gone: there is nothing to deliver. */
  WebhookSourceMissing: 'WebhookSourceMissing',
  /** Every attempt of the schedule failed: the delivery workflow ends failed with the last reason. */
  WebhookUndelivered: 'WebhookUndelivered',
} as const;
export type FailureType = (typeof FailureType)[keyof typeof FailureType];
