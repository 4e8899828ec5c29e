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
  { additionalProperties: false },
);
export type SubmitScanBody = Static<typeof SubmitScanBody>;

/** The body of a completion webhook (core/webhook.ts `webhookEvent`), documented under the OpenAPI document's `webhooks`. */
export const WebhookEvent = Type.Object(
  {
    type: stringEnum(['scan.completed', 'scan.failed']),
    timestamp: Type.String({ format: 'date-time', description: 'When the scan ended; the same on every attempt.' }),
    data: Type.Object(
      {
        scan_id: Type.String(),
        status: stringEnum(['complete', 'error']),
        score: Type.Optional(Type.Number({ description: 'scan.completed only' })),
        grade: Type.Optional(Type.String({ description: 'scan.completed only' })),
        detail: Type.Optional(Type.String({ description: 'scan.failed only' })),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type WebhookEvent = Static<typeof WebhookEvent>;

export const QueuedScan = Type.Object({ scan_id: Type.String(), status: Type.String(), pct: Type.Number() });
export type QueuedScan = Static<typeof QueuedScan>;

/** `DELETE /v1/scans/{id}` answered before the deletion finished: the scan is hidden already, the rest follows. */
export const DeletingScan = Type.Object({ scan_id: Type.String(), status: stringEnum(['deleting']) }, { additionalProperties: false });
export type DeletingScan = Static<typeof DeletingScan>;

export const NoContent = Type.Null({ description: 'done: nothing of the scan is left' });

/** One row of an account's history: the summary figures only once the scan is complete. */
export const HistoryEntry = Type.Object({
  scan_id: Type.String(),
  status: Type.String(),
  pct: Type.Number(),
  title: nullable(Type.String()),
  created_at: Type.String(),
  duration_sec: Type.Optional(Type.Number()),
  score: Type.Optional(Type.Integer()),
  grade: Type.Optional(Type.String()),
  label: Type.Optional(Type.String()),
});
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

export const HistoryBody = Type.Object({
  ...PageOf(HistoryEntry).properties,
  next_cursor: nullable(Type.String(), {
    description: 'Pass as `starting_after` for the next page; null on the last page. `total` and `offset` count the whole history, whatever the filter.',
  }),
});
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
