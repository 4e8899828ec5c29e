// The Holdline client: one object per area of the API (scans, recuts, the
// library, the model interface), each call typed by the OpenAPI document.

import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { InvalidArgumentError, WaitTimeoutError } from './errors.js';
import { servedFileName } from './file-name.js';
import { DEFAULT_RETRY, send, sendJson, sleep, type RetryOptions, type Transport } from './http.js';
import { PageList } from './pages.js';
import type {
  AccountArchive,
  ChatCompletion,
  ClosedAccount,
  ChatCompletionRequest,
  DeletedScan,
  ExportedFile,
  ExportFormat,
  RecutExportFormat,
  RecutExportOptions,
  FinishedRecut,
  FinishedScan,
  InFlightRecut,
  InFlightScan,
  LibraryEntry,
  MediaDownload,
  ModelList,
  QueuedRecut,
  QueuedScan,
  PasswordChanged,
  Readiness,
  Recut,
  RecutList,
  Scan,
  ScanListItem,
  RetentionSetting,
  ScanStatus,
  SignalsReference,
  Usage,
  CompleteScan,
} from './types.js';

export const CLIENT_VERSION = '0.1.0';

export interface HoldlineOptions {
  /** Base URL of the service, e.g. `http://127.0.0.1:8080`; a trailing slash is ignored. */
  baseUrl: string;
  /** An `sk_sig_` key; without one only the keyless calls (signals, demo, library, health) work. */
  apiKey?: string;
  /** Retries on 429 and 503; see `RetryOptions` for the defaults. */
  retry?: RetryOptions;
  /** A fetch to use instead of the global one (a proxy agent, a test double). */
  fetch?: typeof fetch;
}

/** Per-call options every call takes. */
export interface CallOptions {
  signal?: AbortSignal;
}

export interface CreateScanOptions extends CallOptions {
  /** A local file to upload: its path, a Blob (a File keeps its name) or a Buffer. One of `file` and `url`. */
  file?: string | Blob | Uint8Array;
  /** The upload's file name when `file` is a Blob without one or a Buffer. Default `video`. */
  filename?: string;
  /** A public http(s) URL of a video for the service to fetch. */
  url?: string;
  title?: string;
  /** Where Holdline POSTs the signed `scan.completed` / `scan.failed` event (Standard Webhooks). */
  webhookUrl?: string;
  /**
   * Makes the submission safe to repeat: the service answers a repeat with the
   * first scan (for 24 h). With one, a 429 or 503 is retried; without, never.
   */
  idempotencyKey?: string;
}

export interface WaitOptions<State> extends CallOptions {
  /** Stop waiting (not the work) after this many ms, with a `WaitTimeoutError`. Default: no limit. */
  timeoutMs?: number;
  /** Pause between polls in ms. Default 1000. */
  intervalMs?: number;
  /** Called with each in-flight state seen. */
  onProgress?: (state: State) => void | Promise<void>;
}

export interface ListOptions extends CallOptions {
  /** Page size, 1–100 (service default 20). */
  limit?: number;
  /** Entries to skip before the first page. */
  offset?: number;
}

export interface ScanListOptions extends ListOptions {
  /** Only scans in this state, once the service filters by it. */
  status?: ScanStatus;
}

export interface RecutOptions extends CallOptions {
  /** What the cut is for, e.g. "under 60 s for Shorts". */
  goal?: string;
  /** Longest the recut may be, in seconds. */
  maxSeconds?: number;
  idempotencyKey?: string;
}

export interface SetRetentionOptions extends CallOptions {
  /** Days a video is kept before the hourly retention run removes it (0 to 3650; 0 keeps videos for good), or null to follow the server default. */
  mediaRetentionDays: number | null;
  /** Remove published scans' videos too. Default false: they stay watchable. */
  includePublished?: boolean;
}

export interface AccountExportOptions extends CallOptions {
  /** Add each scan's stored video. Default false: reads and manifest only. */
  media?: boolean;
}

export interface ChangePasswordOptions extends CallOptions {
  /** The new website password, 8 to 200 characters. */
  password: string;
  /** The password now; needed once the account has one (an `account:create` account sets its first without). */
  currentPassword?: string;
}

export interface CloseAccountOptions extends CallOptions {
  /** The account's email (any case), confirming the closure. */
  email: string;
  /** The account's password: needed once the account has one (the key alone cannot close an account). */
  password?: string;
}

const isFinishedScan = (scan: Scan): scan is FinishedScan => scan.status === 'complete' || scan.status === 'error';
const isFinishedRecut = (recut: Recut): recut is FinishedRecut => recut.status === 'complete' || recut.status === 'error';
const id = (value: string) => encodeURIComponent(value);

export class Holdline {
  readonly baseUrl: string;
  readonly apiKey: string | undefined;
  readonly scans: Scans;
  readonly recuts: Recuts;
  readonly library: Library;
  readonly models: Models;
  readonly chat: { completions: ChatCompletions };
  readonly health: Health;
  readonly account: Account;
  private readonly transport: Transport;

  constructor(options: HoldlineOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.apiKey = options.apiKey || undefined;
    this.transport = {
      baseUrl: this.baseUrl,
      apiKey: this.apiKey,
      retry: { ...DEFAULT_RETRY, ...options.retry },
      userAgent: `holdline-js/${CLIENT_VERSION} node/${process.versions.node}`,
      fetch: options.fetch ?? globalThis.fetch,
    };
    this.scans = new Scans(this.transport);
    this.recuts = new Recuts(this.transport);
    this.library = new Library(this.transport);
    this.models = new Models(this.transport);
    this.chat = { completions: new ChatCompletions(this.transport) };
    this.health = new Health(this.transport);
    this.account = new Account(this.transport);
  }

  /** `GET /v1/signals`: what each series reads, the floor, the dead rule and the method text. Keyless. */
  signals(options: CallOptions = {}): Promise<SignalsReference> {
    return sendJson(this.transport, { method: 'GET', path: '/v1/signals', keyless: true, signal: options.signal });
  }

  /** `GET /v1/demo`: the featured complete scan. Keyless. */
  demo(options: CallOptions = {}): Promise<CompleteScan> {
    return sendJson(this.transport, { method: 'GET', path: '/v1/demo', keyless: true, signal: options.signal });
  }

  /** `GET /v1/usage`: this month's scans and chat calls, used and left. */
  usage(options: CallOptions = {}): Promise<Usage> {
    return sendJson(this.transport, { method: 'GET', path: '/v1/usage', signal: options.signal });
  }
}

class Scans {
  constructor(private readonly transport: Transport) {}

  /** `POST /v1/scans`: an upload (`file`) or a URL for the service to fetch (`url`). */
  async create(options: CreateScanOptions): Promise<QueuedScan> {
    const { file, url, title, webhookUrl, idempotencyKey, signal } = options;
    if ((file === undefined) === (url === undefined)) throw new InvalidArgumentError({ status: 0, detail: 'scans.create takes one of file and url' });
    const headers = idempotencyKey === undefined ? undefined : { 'idempotency-key': idempotencyKey };
    if (url !== undefined) {
      const json = { input: { type: 'url', url }, ...(title ? { title } : {}), ...(webhookUrl ? { webhook_url: webhookUrl } : {}) };
      return sendJson(this.transport, { method: 'POST', path: '/v1/scans', json, headers, signal });
    }
    const form = new FormData();
    // The fields go before the (long) file part, so the service has them when the video arrives.
    if (title) form.append('title', title);
    if (webhookUrl) form.append('webhook_url', webhookUrl);
    const [blob, name] = await uploadable(file!, options.filename);
    form.append('file', blob, name);
    return sendJson(this.transport, { method: 'POST', path: '/v1/scans', form, headers, signal });
  }

  /** `GET /v1/scans/{id}`: the scan in whatever state it is. */
  get(scanId: string, options: CallOptions = {}): Promise<Scan> {
    return sendJson(this.transport, { method: 'GET', path: `/v1/scans/${id(scanId)}`, signal: options.signal });
  }

  /**
   * `GET /v1/scans`, newest first. Await it for the first page; iterate it
   * (`for await (const scan of client.scans.list())`) for every scan, page after page.
   */
  list(options: ScanListOptions = {}): PageList<ScanListItem> {
    const { signal, status, ...page } = options;
    return new PageList<ScanListItem>((query) => sendJson(this.transport, { method: 'GET', path: '/v1/scans', query: { ...query, status }, signal }), page);
  }

  /**
   * `DELETE /v1/scans/{id}`: the scan with its media, read and recuts (cancelled
   * first if it still runs).
   */
  async delete(scanId: string, options: CallOptions = {}): Promise<DeletedScan> {
    const response = await send(this.transport, { method: 'DELETE', path: `/v1/scans/${id(scanId)}`, signal: options.signal });
    await response.body?.cancel();
    return { scan_id: scanId, status: response.status === 202 ? 'deleting' : 'deleted' };
  }

  /** `POST /v1/scans/{id}/cancel`: the scan ends in error, detail `cancelled` (409 once it has ended). */
  cancel(scanId: string, options: CallOptions = {}): Promise<Scan> {
    return sendJson(this.transport, { method: 'POST', path: `/v1/scans/${id(scanId)}/cancel`, signal: options.signal });
  }

  /**
   * Polls the scan until it is complete or in error and returns that state (a
   * scan in error is a result, not a thrown error). Throws `WaitTimeoutError`
   * (with the last state) after `timeoutMs`, and the signal's reason on abort.
   */
  wait(scanId: string, options: WaitOptions<InFlightScan> = {}): Promise<FinishedScan> {
    return poll(() => this.get(scanId, options), isFinishedScan, scanId, options);
  }

  /** `GET /v1/scans/{id}/export`: a complete scan as srt, vtt, csv, edl, chapters or json text, or an editor timeline (otio, fcpxml, markers.csv); `recordStart` sets the EDL's first record timecode. A published scan exports without a key. */
  async export(scanId: string, format: ExportFormat, options: CallOptions & { recordStart?: string } = {}): Promise<ExportedFile> {
    const response = await send(this.transport, {
      method: 'GET',
      path: `/v1/scans/${id(scanId)}/export`,
      query: { format, ...(options.recordStart === undefined ? {} : { record_start: options.recordStart }) },
      accept: '*/*',
      signal: options.signal,
    });
    const body = await response.text();
    const filename = servedFileName(response.headers.get('content-disposition'), `${scanId}.${format}`);
    return { body, contentType: response.headers.get('content-type') ?? 'application/octet-stream', filename };
  }

  /** `GET /v1/scans/{id}/media`: the scanned video as a stream; `range` is one `bytes=start-end`. */
  async media(scanId: string, options: CallOptions & { range?: string } = {}): Promise<MediaDownload> {
    const response = await send(this.transport, {
      method: 'GET',
      path: `/v1/scans/${id(scanId)}/media`,
      accept: '*/*',
      ...(options.range ? { headers: { range: options.range } } : {}),
      signal: options.signal,
    });
    const length = response.headers.get('content-length');
    return {
      status: response.status === 206 ? 206 : 200,
      body: response.body ?? new Blob([]).stream(),
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      contentLength: length === null ? null : Number(length),
      contentRange: response.headers.get('content-range'),
    };
  }
}

class Recuts {
  constructor(private readonly transport: Transport) {}

  /** `POST /v1/scans/{id}/recut` (Agents plan): a tighter cut of a complete scan, rendered and re-scanned. */
  create(scanId: string, options: RecutOptions = {}): Promise<QueuedRecut> {
    const json = { ...(options.goal ? { goal: options.goal } : {}), ...(options.maxSeconds ? { max_seconds: options.maxSeconds } : {}) };
    const headers = options.idempotencyKey === undefined ? undefined : { 'idempotency-key': options.idempotencyKey };
    return sendJson(this.transport, { method: 'POST', path: `/v1/scans/${id(scanId)}/recut`, json, headers, signal: options.signal });
  }

  /** `GET /v1/recuts/{id}`. */
  get(recutId: string, options: CallOptions = {}): Promise<Recut> {
    return sendJson(this.transport, { method: 'GET', path: `/v1/recuts/${id(recutId)}`, signal: options.signal });
  }

  /** `GET /v1/scans/{id}/recuts`: every recut of one scan. */
  list(scanId: string, options: CallOptions = {}): Promise<RecutList> {
    return sendJson(this.transport, { method: 'GET', path: `/v1/scans/${id(scanId)}/recuts`, signal: options.signal });
  }

  /**
   * `GET /v1/recuts/{id}/export`: a complete recut's cut list on its source (the parent scan's video) as an
   * editor timeline: edl, otio, fcpxml or markers.csv. `recordStart` sets the EDL's first record timecode.
   */
  async export(recutId: string, format: RecutExportFormat, options: RecutExportOptions = {}): Promise<ExportedFile> {
    const response = await send(this.transport, {
      method: 'GET',
      path: `/v1/recuts/${id(recutId)}/export`,
      query: { format, ...(options.recordStart === undefined ? {} : { record_start: options.recordStart }) },
      accept: '*/*',
      signal: options.signal,
    });
    const body = await response.text();
    const filename = servedFileName(response.headers.get('content-disposition'), `${recutId}.${format}`);
    return { body, contentType: response.headers.get('content-type') ?? 'application/octet-stream', filename };
  }

  /** Like `scans.wait`, for a recut. */
  wait(recutId: string, options: WaitOptions<InFlightRecut> = {}): Promise<FinishedRecut> {
    return poll(() => this.get(recutId, options), isFinishedRecut, recutId, options);
  }
}

class Library {
  constructor(private readonly transport: Transport) {}

  /** `GET /api/library`: published scans, newest first; awaitable and iterable like `scans.list`. Keyless. */
  list(options: ListOptions = {}): PageList<LibraryEntry> {
    const { signal, ...page } = options;
    return new PageList<LibraryEntry>((query) => sendJson(this.transport, { method: 'GET', path: '/api/library', query, keyless: true, signal }), page);
  }
}

class Models {
  constructor(private readonly transport: Transport) {}

  /** `GET /v1/models`. */
  list(options: CallOptions = {}): Promise<ModelList> {
    return sendJson(this.transport, { method: 'GET', path: '/v1/models', signal: options.signal });
  }
}

class ChatCompletions {
  constructor(private readonly transport: Transport) {}

  /**
   * `POST /v1/chat/completions`, answered as one JSON body. For streaming, use
   * any OpenAI client with `baseURL: <baseUrl>/v1`. Never retried: a chat call
   * counts against the month's calls.
   */
  create(request: Omit<ChatCompletionRequest, 'stream'>, options: CallOptions = {}): Promise<ChatCompletion> {
    return sendJson(this.transport, { method: 'POST', path: '/v1/chat/completions', json: { ...request, stream: false }, signal: options.signal });
  }
}

class Account {
  constructor(private readonly transport: Transport) {}

  /** `GET /v1/account/retention`: how long this account's videos are kept, the server default and what is in force. */
  retention(options: CallOptions = {}): Promise<RetentionSetting> {
    return sendJson(this.transport, { method: 'GET', path: '/v1/account/retention', signal: options.signal });
  }

  /** `PUT /v1/account/retention`: days (0 keeps videos for good) or null for the server default; answers the setting now in force. */
  setRetention(options: SetRetentionOptions): Promise<RetentionSetting> {
    const json = {
      media_retention_days: options.mediaRetentionDays,
      ...(options.includePublished === undefined ? {} : { include_published: options.includePublished }),
    };
    return sendJson(this.transport, { method: 'PUT', path: '/v1/account/retention', json, signal: options.signal });
  }

  /**
   * `GET /v1/account/export`: every scan of the account as one tar stream (`media: true` adds the videos).
   * The body is not read here: pipe it where it goes (`pipeline(Readable.fromWeb(archive.body), createWriteStream(path))`),
   * or cancel it (`archive.body.cancel()`) to stop the service's side. A 4xx or 5xx is thrown before any byte.
   */
  async export(options: AccountExportOptions = {}): Promise<AccountArchive> {
    const response = await send(this.transport, {
      method: 'GET',
      path: '/v1/account/export',
      query: { media: options.media ? '1' : undefined },
      accept: 'application/x-tar',
      signal: options.signal,
    });
    const filename = servedFileName(response.headers.get('content-disposition'), 'holdline-export.tar');
    return { body: response.body ?? new Blob([]).stream(), filename, contentType: response.headers.get('content-type') ?? 'application/x-tar' };
  }

  /** `PUT /v1/account/password`: sets or changes the website password; every website session of the account is signed out. */
  changePassword(options: ChangePasswordOptions): Promise<PasswordChanged> {
    const json = { password: options.password, ...(options.currentPassword === undefined ? {} : { current_password: options.currentPassword }) };
    return sendJson(this.transport, { method: 'PUT', path: '/v1/account/password', json, signal: options.signal });
  }

  /** `DELETE /v1/account`: closes the account (confirmed by its email, and its password once it has one) and removes all of its data; its key stops working at once. */
  async close(options: CloseAccountOptions): Promise<ClosedAccount> {
    const json = { email: options.email, ...(options.password === undefined ? {} : { password: options.password }) };
    const response = await send(this.transport, { method: 'DELETE', path: '/v1/account', json, signal: options.signal });
    await response.body?.cancel();
    return { status: response.status === 202 ? 'closing' : 'closed' };
  }
}

class Health {
  constructor(private readonly transport: Transport) {}

  /** `GET /healthz`: the API process answers. */
  live(options: CallOptions = {}): Promise<{ ok?: boolean }> {
    return sendJson(this.transport, { method: 'GET', path: '/healthz', keyless: true, signal: options.signal });
  }

  /** `GET /readyz`: MongoDB and Temporal reachable; a `ServiceUnavailableError` when not (after the retries). */
  ready(options: CallOptions = {}): Promise<Readiness> {
    return sendJson(this.transport, { method: 'GET', path: '/readyz', keyless: true, signal: options.signal });
  }
}

/** The body and name of an upload: a path is opened lazily from disk (streamed, and re-read on a retry). */
async function uploadable(file: string | Blob | Uint8Array, filename: string | undefined): Promise<[Blob, string]> {
  if (typeof file === 'string') {
    const info = await stat(file).catch(() => null);
    if (!info) throw new InvalidArgumentError({ status: 0, detail: `no file at ${file}` });
    if (!info.isFile()) throw new InvalidArgumentError({ status: 0, detail: `${file} is not a regular file` });
    return [await openAsBlob(file), filename ?? basename(file)];
  }
  if (file instanceof Blob) return [file, filename ?? ((file as { name?: unknown }).name as string | undefined) ?? 'video'];
  return [new Blob([file]), filename ?? 'video'];
}

async function poll<State, Finished extends State>(
  read: () => Promise<State>,
  finished: (state: State) => state is Finished,
  subject: string,
  options: WaitOptions<Exclude<State, Finished>>,
): Promise<Finished> {
  const deadline = options.timeoutMs === undefined ? Infinity : Date.now() + options.timeoutMs;
  const interval = options.intervalMs ?? 1000;
  for (;;) {
    const state = await read();
    if (finished(state)) return state;
    await options.onProgress?.(state as Exclude<State, Finished>);
    const left = deadline - Date.now();
    if (left <= 0) throw new WaitTimeoutError(subject, state, options.timeoutMs!);
    await sleep(Math.min(interval, left), options.signal);
  }
}
