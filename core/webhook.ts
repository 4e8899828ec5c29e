// Completion webhooks, the pure part: the event a scan's end sends, its
// Standard Webhooks message id, and the retry schedule (parsed from the
// environment and cut at the delivery window). Signing and sending live in
// activities/webhook-activities.ts; the timers in workflows/webhook.ts.

import type { WebhookEvent } from './wire/scans';

/** How long after the scan's end deliveries are attempted, in seconds (24 h). */
export const WEBHOOK_WINDOW_SEC = 24 * 60 * 60;

/**
 * Seconds to wait before each attempt, the first one included: Standard Webhooks'
 * suggested schedule (immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), of
 * which the last falls past 24 h and is cut by `deliverySchedule`.
 */
export const DEFAULT_WEBHOOK_RETRY_SECONDS: readonly number[] = [0, 5, 300, 1800, 7200, 18000, 36000, 36000];

export type WebhookEventType = 'scan.completed' | 'scan.failed';

/** What a scan's status document says at its end; the fields the event carries. */
export interface EndedScan {
  scan_id: string;
  status: string;
  score?: number;
  grade?: string;
  detail?: string;
}

/** The event body, written once as a TypeBox schema (core/wire/scans.ts). */
export type { WebhookEvent };

/** `scan.completed` for a complete scan, `scan.failed` for anything else (error, cancelled). */
export const webhookEventType = (status: string): WebhookEventType => (status === 'complete' ? 'scan.completed' : 'scan.failed');

/** The `webhook-id` of a scan's end: the same on every attempt, so a receiver can drop repeats. */
export const webhookMessageId = (scanId: string, type: WebhookEventType): string => `msg_${scanId}_${type}`;

/**
 * The event body: `scan.completed` with score and grade, `scan.failed` with the
 * scan's detail. Fields a scan does not have are left out, never sent as null.
 */
export function webhookEvent(scan: EndedScan, type: WebhookEventType, endedAt: Date): WebhookEvent {
  const data: WebhookEvent['data'] = { scan_id: scan.scan_id, status: type === 'scan.completed' ? 'complete' : 'error' };
  if (type === 'scan.completed') {
    if (typeof scan.score === 'number') data.score = scan.score;
    if (typeof scan.grade === 'string') data.grade = scan.grade;
  } else {
    data.detail = scan.detail ?? 'the scan failed';
  }
  return { type, timestamp: endedAt.toISOString(), data };
}

/** The event `POST /v1/webhooks/test` sends, so a receiver can be checked before any scan ends. */
export interface WebhookTestEvent {
  type: 'webhook.test';
  timestamp: string;
  data: { message: string };
}

export const WEBHOOK_TEST_MESSAGE = 'A test event from Holdline: your receiver got it and can check its signature.';

export function webhookTestEvent(sentAt: Date): WebhookTestEvent {
  return { type: 'webhook.test', timestamp: sentAt.toISOString(), data: { message: WEBHOOK_TEST_MESSAGE } };
}

/** What a test delivery got: the receiver's status, whatever it was, or why no answer came. */
export type TestDeliveryOutcome = { status: number } | { status: null; reason: string };

/** The `webhook-id` of a test event: its own for every test, so receivers never drop one as a repeat. */
export const webhookTestMessageId = (testId: string): string => `msg_test_${testId}`;

/**
 * The delays that fit: attempt i starts at the sum of the delays up to i, and
 * attempts starting after `windowSec` are dropped. The first attempt always stays.
 */
export function deliverySchedule(delaysSec: readonly number[], windowSec = WEBHOOK_WINDOW_SEC): number[] {
  const kept: number[] = [];
  let at = 0;
  for (const delay of delaysSec) {
    at += delay;
    if (kept.length > 0 && at > windowSec) break;
    kept.push(kept.length === 0 ? Math.min(delay, windowSec) : delay);
  }
  return kept;
}

/** Most attempts one event may have (a schedule of 1 s steps would otherwise make thousands of history events). */
export const WEBHOOK_MAX_ATTEMPTS = 20;

/**
 * `HOLDLINE_WEBHOOK_RETRY_SECONDS`: comma-separated whole seconds to wait before
 * each attempt (`0,5,300`), 1 to 20 entries, each 0 to 86 400. Returns the
 * schedule cut at the 24 h window, or the reason it is refused.
 */
export function parseRetrySchedule(raw: string): { ok: true; delaysSec: number[] } | { ok: false; reason: string } {
  const entries = raw.split(',').map((entry) => entry.trim());
  if (entries.length === 0 || entries.some((entry) => entry === ''))
    return { ok: false, reason: 'must be a comma-separated list of whole seconds, e.g. "0,5,300"' };
  if (entries.length > WEBHOOK_MAX_ATTEMPTS) return { ok: false, reason: `may list at most ${WEBHOOK_MAX_ATTEMPTS} attempts` };
  const delays: number[] = [];
  for (const entry of entries) {
    if (!/^\d{1,6}$/.test(entry) || Number(entry) > WEBHOOK_WINDOW_SEC)
      return { ok: false, reason: `"${entry}" is not a whole number of seconds from 0 to ${WEBHOOK_WINDOW_SEC}` };
    delays.push(Number(entry));
  }
  return { ok: true, delaysSec: deliverySchedule(delays) };
}

/** A Standard Webhooks signing secret: `whsec_` and the base64 of at least 24 random bytes. */
export const isWebhookSecret = (secret: unknown): secret is string => typeof secret === 'string' && /^whsec_[A-Za-z0-9+/]{32,}={0,2}$/.test(secret);
