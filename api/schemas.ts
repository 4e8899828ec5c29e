// JSON schemas of the signal interface. Response schemas double as the
// serialiser, so a field missing here never reaches a client.

import { WEBHOOK_URL_MAX_LENGTH } from '../core/webhook';
import { readActionProperties } from '../core/wire/read-actions';

const num = { type: 'number' } as const;
const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;

export const errorBody = {
  type: 'object',
  properties: { detail: str },
  required: ['detail'],
} as const;

export const scanIdParams = {
  type: 'object',
  properties: { id: { type: 'string', maxLength: 64 } },
  required: ['id'],
} as const;

export const submitScanBody = {
  type: 'object',
  properties: {
    input: {
      type: 'object',
      properties: {
        type: { type: 'string', enum: ['url'] },
        url: { type: 'string', minLength: 1, maxLength: 2048 },
      },
      required: ['type', 'url'],
    },
    title: { type: 'string', maxLength: 200 },
    webhook_url: {
      type: 'string',
      minLength: 1,
      maxLength: WEBHOOK_URL_MAX_LENGTH,
      description: 'Public http(s) URL that gets a signed POST (Standard Webhooks) when the scan completes or fails.',
    },
  },
  required: ['input'],
} as const;

/** The body of a completion webhook (core/webhook.ts `webhookEvent`), documented under the OpenAPI document's `webhooks`. */
export const webhookEventBody = {
  type: 'object',
  properties: {
    type: { type: 'string', enum: ['scan.completed', 'scan.failed'] },
    timestamp: { type: 'string', format: 'date-time', description: 'When the scan ended; the same on every attempt.' },
    data: {
      type: 'object',
      properties: {
        scan_id: str,
        status: { type: 'string', enum: ['complete', 'error'] },
        score: { ...num, description: 'scan.completed only' },
        grade: { ...str, description: 'scan.completed only' },
        detail: { ...str, description: 'scan.failed only' },
      },
      required: ['scan_id', 'status'],
      additionalProperties: false,
    },
  },
  required: ['type', 'timestamp', 'data'],
  additionalProperties: false,
} as const;

export const queuedScan = {
  type: 'object',
  properties: { scan_id: str, status: str, pct: num },
  required: ['scan_id', 'status', 'pct'],
} as const;

/** `DELETE /v1/scans/{id}` answered before the deletion finished: the scan is hidden already, the rest follows. */
export const deletingScan = {
  type: 'object',
  properties: { scan_id: str, status: { type: 'string', enum: ['deleting'] } },
  required: ['scan_id', 'status'],
  additionalProperties: false,
} as const;

export const noContent = { type: 'null', description: 'done: nothing of the scan is left' } as const;

const timelineEntry = {
  type: 'object',
  properties: {
    second: int,
    scores: {
      type: 'object',
      properties: { hold: num, motion: num, loudness: num, speech: num },
      required: ['hold', 'motion', 'loudness', 'speech'],
    },
  },
  required: ['second', 'scores'],
} as const;

const span = { type: 'object', properties: { start: num, end: num }, required: ['start', 'end'] } as const;

/** One schema for the three scan shapes: only the fields a shape has are present. */
export const scanView = {
  type: 'object',
  properties: {
    scan_id: str,
    status: str,
    pct: num,
    detail: str,
    duration_sec: num,
    score: int,
    grade: str,
    label: str,
    hook: num,
    timeline: { type: 'array', items: timelineEntry },
    cuts: { type: 'array', items: num },
    dead: { type: 'array', items: span },
    moments: {
      type: 'array',
      items: {
        type: 'object',
        properties: { second: int, label: str, hold: num, quote: str },
        required: ['second', 'label', 'hold', 'quote'],
      },
    },
    claims: { type: 'array', items: str },
    transcript: {
      type: 'array',
      items: { type: 'object', properties: { start: num, end: num, text: str }, required: ['start', 'end', 'text'] },
    },
    summary: str,
    method: str,
    transcriber: { type: ['string', 'null'] },
    language: { type: ['string', 'null'], description: 'The spoken language, ISO 639-1 (null when no words were heard). Beside the spec\'s fields.' },
    media_url: str,
    ...readActionProperties,
  },
  required: ['scan_id', 'status'],
} as const;

/**
 * The deepest page a list serves: a skip costs the store a scan of every row
 * before it, so `offset` stops at 10 000 (400 above it); narrower lists are
 * what a client that needs older entries should ask for.
 */
export const MAX_OFFSET = 10_000;

export const historyQuery = {
  type: 'object',
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 100 },
    offset: { type: 'integer', minimum: 0, maximum: MAX_OFFSET },
  },
} as const;

/** A page of a list: `{data, limit, offset, total, has_more}` (history and library). */
export const pageOf = <Item extends object>(item: Item) =>
  ({
    type: 'object',
    properties: { data: { type: 'array', items: item }, limit: int, offset: int, total: int, has_more: { type: 'boolean' } },
    required: ['data', 'limit', 'offset', 'total', 'has_more'],
  }) as const;

export const historyBody = pageOf({
  type: 'object',
  properties: {
    scan_id: str,
    status: str,
    pct: num,
    title: { type: ['string', 'null'] },
    created_at: str,
    duration_sec: num,
    score: int,
    grade: str,
    label: str,
  },
  required: ['scan_id', 'status', 'pct', 'title', 'created_at'],
} as const);

export const signalsBody = {
  type: 'object',
  properties: {
    version: str,
    floor: num,
    dead_min_seconds: num,
    scale: str,
    signals: {
      type: 'array',
      items: {
        type: 'object',
        properties: { name: str, reads: str, rises_when: str, falls_when: str, method: str },
        required: ['name', 'reads', 'rises_when', 'falls_when', 'method'],
      },
    },
    method: str,
  },
  required: ['version', 'floor', 'dead_min_seconds', 'scale', 'signals', 'method'],
} as const;
