// Scans on the wire: submission, the queued answer, deletion, the history list,
// the completion webhook's body and the export query.

import { Type, type Static } from 'typebox';
import { WEBHOOK_URL_MAX_LENGTH } from './constants';
import { PageOf, PageQuery, nullable, stringEnum } from './common';

export const SubmitScanBody = Type.Object(
  {
    input: Type.Object(
      {
        type: stringEnum(['url']),
        url: Type.String({ minLength: 1, maxLength: 2048 }),
      },
      { additionalProperties: false },
    ),
    title: Type.Optional(Type.String({ maxLength: 200 })),
    webhook_url: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: WEBHOOK_URL_MAX_LENGTH,
        description: 'Public http(s) URL that gets a signed POST (Standard Webhooks) when the scan completes or fails.',
      }),
    ),
  },
  { title: 'ScanSubmission', additionalProperties: false },
);
export type SubmitScanBody = Static<typeof SubmitScanBody>;

/** The body of a completion webhook (core/webhook.ts `webhookEvent`), documented under the OpenAPI document's `webhooks`. */
export const WebhookEvent = Type.Object(
  {
    type: stringEnum(['scan.completed', 'scan.failed'], { description: '`scan.completed` when the scan is complete, `scan.failed` when it ended in error.' }),
    timestamp: Type.String({ format: 'date-time', description: 'When the scan ended; the same on every attempt.' }),
    data: Type.Object(
      {
        scan_id: Type.String({ description: "The scan's id: `scn_` and 24 hex digits." }),
        status: stringEnum(['complete', 'error'], { description: "The scan's status now." }),
        score: Type.Optional(Type.Number({ description: 'scan.completed only' })),
        grade: Type.Optional(Type.String({ description: 'scan.completed only' })),
        detail: Type.Optional(Type.String({ description: 'scan.failed only' })),
      },
      { description: 'The scan as it ended; read the whole of it with `GET /v1/scans/{id}`.', additionalProperties: false },
    ),
  },
  { title: 'ScanEndedEvent', description: 'What a `webhook_url` receives when its scan ends.', additionalProperties: false },
);
export type WebhookEvent = Static<typeof WebhookEvent>;

export const QueuedScan = Type.Object(
  {
    scan_id: Type.String({ description: "The new scan's id: `scn_` and 24 hex digits; poll `GET /v1/scans/{id}` with it." }),
    status: Type.String({ description: '`queued`.' }),
    pct: Type.Number({ description: '0.' }),
  },
  { title: 'QueuedScan', description: 'A scan accepted and queued.' },
);
export type QueuedScan = Static<typeof QueuedScan>;

/** `DELETE /v1/scans/{id}` answered before the deletion finished: the scan is hidden already, the rest follows. */
export const DeletingScan = Type.Object(
  {
    scan_id: Type.String({ description: "The scan's id: `scn_` and 24 hex digits." }),
    status: stringEnum(['deleting'], { description: 'Hidden from every read already; the rest of the deletion goes on.' }),
  },
  { title: 'DeletingScan', description: 'A deletion still going on after 20 s.', additionalProperties: false },
);
export type DeletingScan = Static<typeof DeletingScan>;

export const NoContent = Type.Null({ description: 'done: nothing of the scan is left' });

/** One row of an account's history: the summary figures only once the scan is complete. */
export const HistoryEntry = Type.Object(
  {
    scan_id: Type.String({ description: "The scan's id: `scn_` and 24 hex digits." }),
    status: Type.String({ description: '`queued`, `processing`, `complete` or `error`.' }),
    pct: Type.Number({ description: 'Progress, 0 to 100.' }),
    title: nullable(Type.String(), { description: "The scan's title; null when it has none." }),
    created_at: Type.String({ description: 'When the scan was accepted (ISO 8601).' }),
    duration_sec: Type.Optional(Type.Number({ description: "The video's length in seconds (complete only)." })),
    score: Type.Optional(Type.Integer({ description: 'The score, 0 to 100 (complete only).' })),
    grade: Type.Optional(Type.String({ description: 'The letter grade of the score (complete only).' })),
    label: Type.Optional(Type.String({ description: "The grade's letter in a word (complete only)." })),
  },
  { title: 'ScanHistoryEntry', description: 'One scan in the history; the figures once it is complete.' },
);
export type HistoryEntry = Static<typeof HistoryEntry>;

/** `GET /v1/scans`: offset or cursor paging (core/paging.ts `pageRequest`) and a status filter. */
export const HistoryQuery = Type.Object({
  ...PageQuery.properties,
  starting_after: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: "A scan id, usually the previous page's `next_cursor`: the page holds the scans older than it. Not with `offset`.",
    }),
  ),
  status: Type.Optional(
    stringEnum(['queued', 'processing', 'complete', 'error'], { description: 'Only scans in this state. Pages by cursor (not with `offset`).' }),
  ),
});
export type HistoryQuery = Static<typeof HistoryQuery>;

export const HistoryBody = Type.Object(
  {
    ...PageOf(HistoryEntry).properties,
    next_cursor: nullable(Type.String(), {
      description: 'Pass as `starting_after` for the next page; null on the last page. `total` and `offset` count the whole history, whatever the filter.',
    }),
  },
  { title: 'ScanHistory', description: 'One page of your scans, newest first.' },
);
export type HistoryBody = Static<typeof HistoryBody>;

/**
 * `GET /v1/scans/{id}/export?format=` and `GET /v1/recuts/{id}/export?format=`: the format is
 * checked by the route, so a wrong one gets the list of formats.
 */
export const ExportQuery = Type.Object({
  format: Type.Optional(Type.String({ maxLength: 32 })),
  record_start: Type.Optional(
    Type.String({
      maxLength: 16,
      description: "The EDL's first record timecode, `HH:MM:SS:FF` at the source's rate (default `01:00:00:00`); only with `format=edl`.",
    }),
  ),
});
