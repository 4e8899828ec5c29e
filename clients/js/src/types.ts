// The wire shapes, taken from the OpenAPI document's generated types
// (openapi.d.ts, `npm run openapi:types` in the repository). A scan's three
// states are components of the document (InFlightScan, CompleteScan,
// ErrorScan); a recut's are not, and the document gives its `status` as a
// string, so the recut state types below say that much more (the README's
// "Scans" section and the design's §5), and nothing else.

import type { components, paths } from './openapi.js';

/** A named schema of the document (`components.schemas`). */
type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

type Method = 'get' | 'post' | 'put' | 'delete';
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

/** The JSON body of one response of one operation, as the document types it. */
export type ResponseBody<P extends keyof paths, M extends Method, S extends number> =
  Operation<P, M> extends { responses: { [K in S]: { content: { 'application/json': infer Body } } } } ? Body : never;

/** The JSON request body of one operation. */
export type RequestBody<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer Body } } } ? Body : never;

/** `POST /v1/scans` 202. */
export type QueuedScan = Omit<ResponseBody<'/v1/scans', 'post', 202>, 'status'> & { status: 'queued' };

/** `GET /v1/scans/{id}` 200, every state in one loose shape, as the document has it. */
export type ScanBody = ResponseBody<'/v1/scans/{id}', 'get', 200>;
export type TimelineEntry = Schema<'TimelineEntry'>;
export type DeadStretch = Schema<'DeadStretch'>;
export type Moment = Schema<'Moment'>;
export type TranscriptSegment = Schema<'TranscriptSegment'>;

/** In flight: `stage` names what the scan is doing (`queued`, `ingest`, `probe`, `decode`, `assembly`). */
export type InFlightScan = Schema<'InFlightScan'>;
export type FailedScan = Schema<'ErrorScan'>;
/** Every field of the spec's read is there once a scan is complete, and `pct` is 100 (`transcriber` and `language` may be null). */
export type CompleteScan = Schema<'CompleteScan'>;
/** A scan in any of its four states; narrow it on `status`. */
export type Scan = InFlightScan | FailedScan | CompleteScan;
/** What `scans.wait` ends with. */
export type FinishedScan = CompleteScan | FailedScan;
export const SCAN_STATUSES = ['queued', 'processing', 'complete', 'error'] as const;
export type ScanStatus = (typeof SCAN_STATUSES)[number];

type ScanPageBody = ResponseBody<'/v1/scans', 'get', 200>;
/** One row of `GET /v1/scans`: score fields only once complete. */
export type ScanListItem = Omit<ScanPageBody['data'][number], 'status'> & { status: ScanStatus };

/**
 * One page of a list. `next_cursor` is read when the service sends it (cursor
 * paging); until then pages follow by offset.
 */
export interface Page<T> {
  data: T[];
  limit: number;
  offset: number;
  total: number;
  has_more: boolean;
  next_cursor?: string | null;
}
export type ScanPage = Page<ScanListItem>;

/** `DELETE /v1/scans/{id}`: `deleted` (204) once nothing is left, `deleting` (202) when the service answered before the end. */
export type DeletedScan = {
  scan_id: string;
  status: 'deleted' | 'deleting';
};

export type LibraryEntry = ResponseBody<'/api/library', 'get', 200>['data'][number];
export type LibraryPage = Page<LibraryEntry>;

export type SignalsReference = ResponseBody<'/v1/signals', 'get', 200>;
export type Usage = ResponseBody<'/v1/usage', 'get', 200>;
export type ModelList = ResponseBody<'/v1/models', 'get', 200>;
export type Model = ModelList['data'][number];
export type ChatCompletionRequest = RequestBody<'/v1/chat/completions', 'post'>;
export type ChatCompletion = ResponseBody<'/v1/chat/completions', 'post', 200>;
export type Readiness = ResponseBody<'/readyz', 'get', 200>;

export type ExportFormat = NonNullable<Operation<'/v1/scans/{id}/export', 'get'>['parameters']['query']>['format'];
export const EXPORT_FORMATS = ['srt', 'vtt', 'csv', 'edl', 'chapters', 'json', 'otio', 'fcpxml', 'markers.csv'] as const satisfies readonly ExportFormat[];

export type RecutExportFormat = NonNullable<Operation<'/v1/recuts/{id}/export', 'get'>['parameters']['query']>['format'];
export const RECUT_EXPORT_FORMATS = ['edl', 'otio', 'fcpxml', 'markers.csv'] as const satisfies readonly RecutExportFormat[];

/** `recuts.export` options: the EDL's first record timecode (`HH:MM:SS:FF`, default `01:00:00:00`; EDL only). */
export interface RecutExportOptions {
  recordStart?: string;
  signal?: AbortSignal;
}

/** A downloaded export: the file's text, its content type and download name. */
export interface ExportedFile {
  body: string;
  contentType: string;
  filename: string;
}

/** The scanned video, streamed: the whole of it (200) or the asked range (206). */
export interface MediaDownload {
  status: 200 | 206;
  body: ReadableStream<Uint8Array>;
  contentType: string;
  contentLength: number | null;
  contentRange: string | null;
}

export type RecutRequest = RequestBody<'/v1/scans/{id}/recut', 'post'>;
export type QueuedRecut = Omit<ResponseBody<'/v1/scans/{id}/recut', 'post', 202>, 'status'> & { status: 'queued' };
export type RecutBody = ResponseBody<'/v1/recuts/{id}', 'get', 200>;
export type ReadFigures = NonNullable<RecutBody['before']>;
export type InFlightRecut = RecutBody & { status: 'queued' | 'processing'; pct: number; stage: string };
export type FailedRecut = RecutBody & { status: 'error'; detail: string };
export type CompleteRecut = RecutBody & { status: 'complete' } & Required<
    Pick<RecutBody, 'parent_scan_id' | 'scan_id' | 'segments' | 'rationale' | 'proposed_by' | 'base_model' | 'before' | 'after'>
  >;
/** A recut in any of its states; narrow it on `status`. */
export type Recut = InFlightRecut | FailedRecut | CompleteRecut;
export type FinishedRecut = CompleteRecut | FailedRecut;
export interface RecutList {
  parent_scan_id: string;
  data: Recut[];
}

/** `GET`/`PUT /v1/account/retention`: the account's own days (0 keeps videos for good, null follows the server default), the server default and what is in force. */
export type RetentionSetting = ResponseBody<'/v1/account/retention', 'get', 200>;
/** `PUT /v1/account/password` 200. */
export type PasswordChanged = ResponseBody<'/v1/account/password', 'put', 200>;

/** `DELETE /v1/account`: `closed` (204) once nothing is left, `closing` (202) when the service answered before the end (the key is dead either way). */
export type ClosedAccount = {
  status: 'closed' | 'closing';
};

/**
 * `GET /v1/account/export`: the account archive as the service streams it, a POSIX tar
 * with `<scan_id>/scan.json`, the videos when asked, and `manifest.json` last.
 */
export interface AccountArchive {
  /** The tar bytes, read as they arrive (a web ReadableStream; in Node `Readable.fromWeb(body)` pipes it to a file). */
  body: ReadableStream<Uint8Array>;
  /** The served name, `holdline-<account_id>-<date>.tar`. */
  filename: string;
  contentType: string;
}
