// Downloads from public addresses only. Each hop is checked by the
// public-address rule and the connection is pinned to the checked address (a
// custom `lookup`), so a DNS answer that changes between check and connect
// (rebinding) cannot redirect the socket. Redirects are followed by hand and
// re-checked; the body is capped while it streams.

import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { UnsafeUrlError, resolvePublicTarget, type PublicUrlOptions, type ResolvedTarget } from './public-address';

export type FetchErrorCode =
  'bad_url' | 'bad_scheme' | 'forbidden_address' | 'too_many_redirects' | 'http_status' | 'too_large' | 'timeout' | 'bad_content_type' | 'network';

export class FetchError extends Error {
  constructor(
    public readonly code: FetchErrorCode,
    message: string,
    options?: { cause?: unknown; status?: number },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'FetchError';
    this.status = options?.status;
  }

  /** HTTP status for `http_status`. */
  readonly status: number | undefined;

  /** True when trying again cannot help: refusals, 4xx, size and type. Network trouble, timeouts, 5xx and 429 are worth a retry. */
  get permanent(): boolean {
    if (this.code === 'network' || this.code === 'timeout') return false;
    if (this.code === 'http_status') return this.status !== undefined && this.status < 500 && this.status !== 429 && this.status !== 408;
    return true;
  }
}

export interface SafeFetchOptions {
  allowHosts?: readonly string[];
  /** Largest body accepted, in bytes; more (declared or streamed) fails with `too_large`. */
  maxBytes: number;
  /** Whole request including the body, in ms. */
  timeoutMs: number;
  /** No bytes (connecting, waiting for headers, or mid-body) for this long fails with `timeout`. Default 30 000 ms. */
  idleTimeoutMs?: number;
  /** Redirects followed at most. Default 5. */
  maxRedirects?: number;
  signal?: AbortSignal;
  /**
   * Media types accepted, compared without parameters, case-insensitive;
   * `text/*` or `video/` match a prefix. Omitted: any type.
   */
  acceptContentTypes?: readonly string[];
  /** Default `holdline/1 (+video signal scan)`. */
  userAgent?: string;
  /** Resolver for tests of rebinding; default dns.lookup. */
  lookup?: PublicUrlOptions['lookup'];
}

export interface SafeFetchResponse {
  /** The URL after redirects. */
  finalUrl: string;
  contentType: string | null;
  /** Declared length, when the server sent one. */
  contentLength?: number;
  /** The body, ending in a `FetchError` (`too_large`, `timeout`, `network`) if something goes wrong while it streams. */
  body: Readable;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function safeFetchStream(input: string | URL, options: SafeFetchOptions): Promise<SafeFetchResponse> {
  const maxRedirects = options.maxRedirects ?? 5;
  const idleMs = options.idleTimeoutMs ?? 30_000;
  const { signal } = options;
  signal?.throwIfAborted();

  // One deadline over all hops and the body.
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new FetchError('timeout', `the download took longer than ${options.timeoutMs} ms`)), options.timeoutMs);
  const onAbort = () => deadline.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  const release = () => {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  };

  try {
    let url: string | URL = input;
    for (let hop = 0; ; hop++) {
      const target = await checkedTarget(url, options);
      deadline.signal.throwIfAborted();
      const response = await request(target, { ...options, idleMs, signal: deadline.signal });
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        response.resume();
        const location = response.headers.location;
        if (!location) throw new FetchError('http_status', `HTTP ${status} without a Location header`, { status });
        if (hop >= maxRedirects) throw new FetchError('too_many_redirects', `more than ${maxRedirects} redirects`);
        try {
          url = new URL(location, target.url);
        } catch (cause) {
          throw new FetchError('bad_url', `redirect to an invalid URL: ${location.slice(0, 200)}`, { cause });
        }
        continue;
      }
      if (status < 200 || status > 299) {
        response.resume();
        throw new FetchError('http_status', `the server answered HTTP ${status}`, { status });
      }
      const contentType = response.headers['content-type'] ?? null;
      if (options.acceptContentTypes && !typeAccepted(contentType, options.acceptContentTypes)) {
        response.destroy();
        throw new FetchError('bad_content_type', `content type ${contentType ?? '(none)'} is not accepted`);
      }
      const declared = response.headers['content-length'];
      const contentLength = declared !== undefined && /^\d+$/.test(declared) ? Number(declared) : undefined;
      if (contentLength !== undefined && contentLength > options.maxBytes) {
        response.destroy();
        throw new FetchError('too_large', `the file is ${contentLength} bytes, more than the ${options.maxBytes} allowed`);
      }
      const body = capBody(response, { maxBytes: options.maxBytes, idleMs }, deadline.signal, release);
      return {
        finalUrl: target.url.href,
        contentType,
        ...(contentLength !== undefined ? { contentLength } : {}),
        body,
      };
    }
  } catch (error) {
    release();
    throw asFetchError(error, deadline.signal);
  }
}

async function checkedTarget(url: string | URL, options: SafeFetchOptions): Promise<ResolvedTarget> {
  try {
    return await resolvePublicTarget(url, {
      ...(options.allowHosts ? { allowHosts: options.allowHosts } : {}),
      ...(options.lookup ? { lookup: options.lookup } : {}),
    });
  } catch (error) {
    if (error instanceof UnsafeUrlError) throw new FetchError(error.code, error.message, { cause: error });
    throw new FetchError('network', `could not resolve ${String(url).slice(0, 200)}: ${(error as Error).message}`, { cause: error });
  }
}

/** A lookup that always answers with the checked address, whatever the name. */
function pinnedLookup(target: ResolvedTarget): LookupFunction {
  return ((_hostname: string, opts: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (opts?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;
}

function request(
  target: ResolvedTarget,
  options: Pick<SafeFetchOptions, 'userAgent'> & { idleMs: number; signal: AbortSignal; post?: { body: Buffer; headers: Record<string, string> } },
): Promise<http.IncomingMessage> {
  const { url } = target;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: options.post ? 'POST' : 'GET',
        headers: {
          'user-agent': options.userAgent ?? 'holdline/1 (+video signal scan)',
          accept: '*/*',
          'accept-encoding': 'identity',
          ...(options.post ? { ...options.post.headers, 'content-length': String(options.post.body.length) } : {}),
        },
        lookup: pinnedLookup(target),
        agent: false,
        signal: options.signal,
      },
      (response) => {
        // From here the body's own idle timer (capBody) takes over.
        req.setTimeout(0);
        resolve(response);
      },
    );
    req.setTimeout(options.idleMs, () => {
      req.destroy(new FetchError('timeout', `no data from ${url.host} for ${options.idleMs} ms`));
    });
    req.on('error', reject);
    req.end(options.post?.body);
  });
}

/**
 * The response body through a byte counter: more than `maxBytes` ends the
 * stream with `too_large`, `idleMs` without a byte with `timeout`; the
 * deadline or a caller abort ends it too.
 */
function capBody(response: http.IncomingMessage, limits: { maxBytes: number; idleMs: number }, deadline: AbortSignal, release: () => void): Readable {
  let seen = 0;
  let idle: NodeJS.Timeout | undefined;
  const fail = (error: unknown) => {
    if (!counter.destroyed) counter.destroy(asFetchError(error, deadline) as Error);
    response.destroy();
  };
  const armIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      // Bytes waiting for the reader mean the reader is slow, not the server.
      if (counter.readableLength > 0 || counter.writableLength > 0) armIdle();
      else fail(new FetchError('timeout', `no data for ${limits.idleMs} ms`));
    }, limits.idleMs);
  };
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      armIdle();
      seen += chunk.length;
      if (seen > limits.maxBytes) {
        callback(new FetchError('too_large', `the file is more than the ${limits.maxBytes} bytes allowed`));
        return;
      }
      callback(null, chunk);
    },
  });
  const onDeadline = () => fail(deadline.reason);
  deadline.addEventListener('abort', onDeadline, { once: true });
  armIdle();
  response.on('end', () => clearTimeout(idle));
  response.on('error', fail);
  response.on('aborted', () => fail(new FetchError('network', 'the server closed the connection mid-download')));
  response.pipe(counter);
  counter.on('error', () => response.destroy());
  counter.on('close', () => {
    clearTimeout(idle);
    deadline.removeEventListener('abort', onDeadline);
    release();
    response.destroy();
  });
  return counter;
}

function typeAccepted(contentType: string | null, accepted: readonly string[]): boolean {
  if (!contentType) return false;
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return accepted.some((raw) => {
    const a = raw.trim().toLowerCase();
    if (a.endsWith('/*')) return type.startsWith(a.slice(0, -1));
    if (a.endsWith('/')) return type.startsWith(a);
    return type === a;
  });
}

/** Any failure as a FetchError; a caller's abort reason passes through untouched. */
function asFetchError(error: unknown, deadline: AbortSignal): unknown {
  // Once the deadline fired, whatever broke was broken by it: its reason is
  // the `timeout` FetchError or the caller's own abort reason.
  if (deadline.aborted) return deadline.reason;
  if (error instanceof FetchError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new FetchError('network', `download failed: ${message}`, { cause: error });
}

export interface SafePostOptions {
  allowHosts?: readonly string[];
  /** Request headers besides user-agent, accept and content-length. */
  headers: Record<string, string>;
  /** Whole exchange, in ms. */
  timeoutMs: number;
  /** Response body bytes kept at most; the rest is not read. Default 4096. */
  maxResponseBytes?: number;
  userAgent?: string;
  signal?: AbortSignal;
  lookup?: PublicUrlOptions['lookup'];
}

export interface SafePostResponse {
  status: number;
  /** The start of the response body (at most `maxResponseBytes`). */
  body: Buffer;
}

/**
 * One POST to a public address (webhook deliveries): the address is checked and
 * pinned like a download's, redirects are not followed (a 3xx is just the answer's
 * status), and only the start of the response body is read. Fails with a
 * `FetchError` (`bad_url`, `forbidden_address`, `timeout`, `network`); any
 * status, 2xx or not, is an answer.
 */
export async function safePost(input: string | URL, body: Buffer, options: SafePostOptions): Promise<SafePostResponse> {
  const cap = options.maxResponseBytes ?? 4096;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new FetchError('timeout', `no complete answer within ${options.timeoutMs} ms`)), options.timeoutMs);
  const onAbort = () => deadline.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    options.signal?.throwIfAborted();
    const target = await checkedTarget(input, {
      maxBytes: cap,
      timeoutMs: options.timeoutMs,
      ...(options.allowHosts ? { allowHosts: options.allowHosts } : {}),
      ...(options.lookup ? { lookup: options.lookup } : {}),
    });
    deadline.signal.throwIfAborted();
    const response = await request(target, {
      idleMs: options.timeoutMs,
      signal: deadline.signal,
      ...(options.userAgent ? { userAgent: options.userAgent } : {}),
      post: { body, headers: options.headers },
    });
    const chunks: Buffer[] = [];
    let kept = 0;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      const room = cap - kept;
      if (room > 0) {
        chunks.push(chunk.subarray(0, room));
        kept += Math.min(room, chunk.length);
      }
      // The rest of a large answer is not worth the wait: the status is what counts.
      if (kept >= cap) break;
    }
    response.destroy();
    return { status: response.statusCode ?? 0, body: Buffer.concat(chunks) };
  } catch (error) {
    throw asFetchError(error, deadline.signal);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}
