// A small typed client of the Holdline signal interface, as any customer's
// program would use it: fetch, Bearer key, `{detail}` error bodies. The MCP
// tools are built on it; it knows nothing of MCP.

import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { CompleteScan, InFlightScan, ScanView, SignalsReference } from '../core/shapes';
import type { ReadFigures, Segment } from '../core/recut';

export interface QueuedScan {
  scan_id: string;
  status: 'queued';
  pct: number;
}

/** One row of `GET /v1/scans` (design §5); score fields only once complete. */
export interface ScanHistoryEntry {
  scan_id: string;
  status: ScanView['status'];
  pct: number;
  title: string | null;
  created_at: string;
  duration_sec?: number;
  score?: number;
  grade?: string;
  label?: string;
}

export interface Page<T> {
  data: T[];
  limit: number;
  offset: number;
  total: number;
  has_more: boolean;
}

/** One published scan of the public library (`GET /api/library`). */
export interface LibraryEntry {
  scan_id: string;
  title: string;
  published_at: string;
  score: number;
  grade: string;
  label: string;
  duration_sec: number;
  url: string;
}

/** A recut in any of its three shapes. */
export type RecutView =
  | { recut_id: string; status: 'queued' | 'processing'; pct: number; stage: string }
  | {
      recut_id: string;
      status: 'complete';
      parent_scan_id: string;
      scan_id: string;
      segments: Segment[];
      rationale: string;
      proposed_by: 'model' | 'rules';
      base_model: string | null;
      /** Before/after figures, as the recut computed them. */
      before: ReadFigures;
      after: ReadFigures;
    }
  | { recut_id: string; status: 'error'; detail: string };

/** A downloaded export: the file's text, its content type and download name. */
export interface ExportedFile {
  body: string;
  contentType: string;
  filename: string;
}

export interface PageQuery {
  limit?: number;
  offset?: number;
}

/**
 * A failed call: an HTTP error with the API's `detail`, or `status` 0 when the
 * service could not be reached at all.
 */
export class HoldlineApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    /** Seconds from the `Retry-After` header (429s). */
    readonly retryAfterSec?: number,
  ) {
    super(status === 0 ? detail : `HTTP ${status}: ${detail}`);
    this.name = 'HoldlineApiError';
  }
}

export interface HoldlineClientOptions {
  /** Base URL of the service, e.g. `http://127.0.0.1:8080`; a trailing slash is ignored. */
  baseUrl: string;
  /** An `sk_sig_` key; without one only the keyless endpoints work. */
  apiKey?: string;
}

export interface WaitOptions {
  /** Give up waiting (not the scan) after this many milliseconds. */
  timeoutMs: number;
  /** Pause between polls in milliseconds. Default 1000. */
  intervalMs?: number;
  /** Called with each in-flight state seen. */
  onProgress?: (scan: InFlightScan) => void | Promise<void>;
  /** Stops waiting early (the caller cancelled). */
  signal?: AbortSignal;
}

/** What a submission may carry besides its video. */
export interface SubmitOptions {
  title?: string;
  /** Where Holdline POSTs the signed scan.completed / scan.failed event (see the README's Webhooks). */
  webhookUrl?: string;
}

export class HoldlineClient {
  readonly baseUrl: string;
  readonly apiKey: string | undefined;

  constructor(options: HoldlineClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.apiKey = options.apiKey || undefined;
  }

  submitUrl(url: string, options: SubmitOptions = {}, signal?: AbortSignal): Promise<QueuedScan> {
    const { title, webhookUrl } = options;
    return this.json('POST', '/v1/scans', { body: { input: { type: 'url', url }, ...(title ? { title } : {}), ...(webhookUrl ? { webhook_url: webhookUrl } : {}) }, signal });
  }

  /** Uploads a local file as multipart, streamed from disk (the part is named `file`). */
  async uploadFile(path: string, options: SubmitOptions = {}, signal?: AbortSignal): Promise<QueuedScan> {
    const { title, webhookUrl } = options;
    let isFile: boolean;
    try {
      isFile = (await stat(path)).isFile();
    } catch {
      throw new HoldlineApiError(0, `no file at ${path}`);
    }
    if (!isFile) throw new HoldlineApiError(0, `${path} is not a regular file`);
    const form = new FormData();
    // The title goes first so the server has it before the (long) file part.
    if (title) form.append('title', title);
    if (webhookUrl) form.append('webhook_url', webhookUrl);
    form.append('file', await openAsBlob(path), basename(path));
    return this.json('POST', '/v1/scans', { form, signal });
  }

  getScan(scanId: string, signal?: AbortSignal): Promise<ScanView> {
    return this.json('GET', `/v1/scans/${encodeURIComponent(scanId)}`, { signal });
  }

  listScans(query: PageQuery = {}): Promise<Page<ScanHistoryEntry>> {
    return this.json('GET', `/v1/scans${pageQueryString(query)}`);
  }

  /**
   * Deletes one of your scans with its media, read and recuts (cancelled first if
   * it still runs): `deleted` once nothing is left (204), `deleting` when the
   * service answered before the end (202; the scan is gone from every read already).
   */
  async deleteScan(scanId: string, signal?: AbortSignal): Promise<{ scan_id: string; status: 'deleted' | 'deleting' }> {
    const path = `/v1/scans/${encodeURIComponent(scanId)}`;
    const response = await this.request('DELETE', path, { signal });
    const text = await response.text();
    if (!response.ok) throw new HoldlineApiError(response.status, errorDetail(response.status, text), retryAfterSeconds(response.headers.get('retry-after')));
    return { scan_id: scanId, status: response.status === 202 ? 'deleting' : 'deleted' };
  }

  /** Cancels a queued or running scan; it ends in error with detail `cancelled` (409 when it has already ended). */
  cancelScan(scanId: string, signal?: AbortSignal): Promise<ScanView> {
    return this.json('POST', `/v1/scans/${encodeURIComponent(scanId)}/cancel`, { signal });
  }

  demo(): Promise<CompleteScan> {
    return this.json('GET', '/v1/demo', { keyless: true });
  }

  /** The public library; entry links are made absolute, so they can be handed on as they are. */
  async library(query: PageQuery = {}): Promise<Page<LibraryEntry>> {
    const page = await this.json<Page<LibraryEntry>>('GET', `/api/library${pageQueryString(query)}`, { keyless: true });
    return { ...page, data: page.data.map((entry) => ({ ...entry, url: new URL(entry.url, `${this.baseUrl}/`).href })) };
  }

  /** Asks the recut agent (Agents plan) for a recut of a complete scan. */
  recutScan(scanId: string, options: { goal?: string; max_seconds?: number } = {}, signal?: AbortSignal): Promise<{ recut_id: string; status: 'queued'; parent_scan_id: string }> {
    return this.json('POST', `/v1/scans/${encodeURIComponent(scanId)}/recut`, { body: options, signal });
  }

  getRecut(recutId: string, signal?: AbortSignal): Promise<RecutView> {
    return this.json('GET', `/v1/recuts/${encodeURIComponent(recutId)}`, { signal });
  }

  /** Polls `GET /v1/recuts/{id}` like `waitForScan`; returns the last state seen. */
  async waitForRecut(recutId: string, options: Omit<WaitOptions, 'onProgress'> & { onProgress?: (recut: RecutView & { pct: number }) => void | Promise<void> }): Promise<RecutView> {
    const deadline = Date.now() + options.timeoutMs;
    const interval = options.intervalMs ?? 1000;
    for (;;) {
      const recut = await this.getRecut(recutId, options.signal);
      if (recut.status === 'complete' || recut.status === 'error') return recut;
      await options.onProgress?.(recut);
      const left = deadline - Date.now();
      if (left <= 0 || options.signal?.aborted) return recut;
      await sleep(Math.min(interval, left), options.signal);
    }
  }

  /**
   * One export of a scan (`GET /v1/scans/{id}/export`): the key goes along when
   * there is one, but a published scan exports without it.
   */
  async exportFile(scanId: string, format: string, signal?: AbortSignal): Promise<ExportedFile> {
    const response = await this.request('GET', `/v1/scans/${encodeURIComponent(scanId)}/export?format=${encodeURIComponent(format)}`, { signal, accept: '*/*' });
    const body = await response.text();
    if (!response.ok) throw new HoldlineApiError(response.status, errorDetail(response.status, body), retryAfterSeconds(response.headers.get('retry-after')));
    const disposition = response.headers.get('content-disposition') ?? '';
    const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `${scanId}.${format}`;
    return { body, contentType: response.headers.get('content-type') ?? 'application/octet-stream', filename };
  }

  /** `GET /v1/usage` (OpenAI-shaped errors, read by `errorDetail` too). */
  usage(): Promise<Record<string, unknown>> {
    return this.json('GET', '/v1/usage');
  }

  signals(): Promise<SignalsReference> {
    return this.json('GET', '/v1/signals', { keyless: true });
  }

  /**
   * Polls `GET /v1/scans/{id}` until the scan is complete or in error, or until
   * `timeoutMs` passes; then returns the last state seen (possibly in flight).
   */
  async waitForScan(scanId: string, options: WaitOptions): Promise<ScanView> {
    const deadline = Date.now() + options.timeoutMs;
    const interval = options.intervalMs ?? 1000;
    for (;;) {
      const scan = await this.getScan(scanId, options.signal);
      if (scan.status === 'complete' || scan.status === 'error') return scan;
      await options.onProgress?.(scan);
      const left = deadline - Date.now();
      if (left <= 0 || options.signal?.aborted) return scan;
      await sleep(Math.min(interval, left), options.signal);
    }
  }

  private async json<T>(
    method: string,
    path: string,
    options: { body?: unknown; form?: FormData; keyless?: boolean; signal?: AbortSignal } = {},
  ): Promise<T> {
    const response = await this.request(method, path, options);
    const text = await response.text();
    if (!response.ok) throw new HoldlineApiError(response.status, errorDetail(response.status, text), retryAfterSeconds(response.headers.get('retry-after')));
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new HoldlineApiError(response.status, `the service answered ${method} ${path} with a body that is not JSON`);
    }
  }

  /** One HTTP exchange; only a service that cannot be reached (or a cancel) throws. */
  private async request(
    method: string,
    path: string,
    options: { body?: unknown; form?: FormData; keyless?: boolean; signal?: AbortSignal; accept?: string } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { accept: options.accept ?? 'application/json' };
    // Keyless endpoints get no key, so a stale key never breaks the demo or the library.
    if (this.apiKey && !options.keyless) headers.authorization = `Bearer ${this.apiKey}`;
    let body: string | FormData | undefined;
    if (options.form) body = options.form;
    else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    try {
      return await fetch(`${this.baseUrl}${path}`, { method, headers, body, signal: options.signal });
    } catch (error) {
      if (options.signal?.aborted) throw new HoldlineApiError(0, 'cancelled');
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new HoldlineApiError(0, `cannot reach Holdline at ${this.baseUrl}: ${cause?.code ?? cause?.message ?? (error as Error).message}`);
    }
  }
}

/** `?limit=&offset=` with only the given values. */
export function pageQueryString(query: PageQuery): string {
  const params = new URLSearchParams();
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.offset !== undefined) params.set('offset', String(query.offset));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The `detail` of an error body, or a plain description when the body is not `{detail}` (a proxy's HTML page). */
export function errorDetail(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { detail?: unknown; error?: { message?: unknown } };
    if (typeof parsed.detail === 'string') return parsed.detail;
    if (typeof parsed.error?.message === 'string') return parsed.error.message;
  } catch {
    // Not JSON: fall through to the status line.
  }
  return `the service answered with status ${status}`;
}

/** `Retry-After` as seconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
