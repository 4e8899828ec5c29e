// The `read_url` tool: one public web page → title and readable text. Address rules,
// redirects, size and time limits are safeFetchStream's (the same as scan URLs); this
// file decodes the body and turns HTML into text.

import type { Readable } from 'node:stream';
import { htmlToText } from '../../core/chat/html-text';
import { UnsafeUrlError } from '../../net/public-address';
import { FetchError, safeFetchStream } from '../../net/safe-fetch';
import { SandboxError } from './errors';

export const READ_URL_CONTENT_TYPES = ['text/html', 'text/plain', 'text/markdown', 'application/json', 'application/xhtml+xml', 'text/xml'] as const;

export interface ReadUrlOptions {
  url: string;
  /** Hosts exempt from the public-address rule (tests serve from loopback). */
  allowHosts?: readonly string[];
  /** Aborting stops the fetch and rejects with `signal.reason`. */
  signal?: AbortSignal;
  /** Bytes of body read (default 2 MiB); a longer page is cut there and marked `truncated`. */
  maxBytes?: number;
  /** Whole fetch including redirects and body (default 15 000 ms). */
  timeoutMs?: number;
  /** Characters of text returned (default 20 000); `truncated` says when more was cut. */
  maxChars?: number;
  /** Time allowed to the HTML-to-text conversion, in ms (default 2000); what is converted by then is returned, marked `truncated`. */
  convertMs?: number;
}

export interface ReadUrlResult {
  url: string;
  finalUrl: string;
  contentType: string;
  title: string;
  text: string;
  truncated: boolean;
}

/**
 * Fetches and converts a page. Everything the page or the URL gets wrong becomes a
 * SandboxError (`forbidden_address`, `bad_content_type`, `too_large`, `timeout`,
 * `fetch_failed`, `bad_url`) for the model to read; abort rejects with the signal's reason.
 */
export async function readUrl(options: ReadUrlOptions): Promise<ReadUrlResult> {
  const maxBytes = options.maxBytes ?? 2 * 1024 * 1024;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxChars = options.maxChars ?? 20_000;
  const { signal } = options;

  let parsed: URL;
  try {
    parsed = new URL(options.url);
  } catch {
    throw new SandboxError('bad_url', `${options.url} is not an absolute URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new SandboxError('bad_url', 'only http and https URLs can be read');
  }

  let finalUrl: string;
  let contentType: string;
  let body: { bytes: Buffer; cut: boolean };
  try {
    const response = await safeFetchStream(parsed.href, {
      allowHosts: [...(options.allowHosts ?? [])],
      // A page longer than maxBytes is still worth reading up to there, so the cap is
      // applied here (stop reading, close the socket) rather than as a refusal.
      maxBytes: Number.MAX_SAFE_INTEGER,
      timeoutMs,
      ...(signal ? { signal } : {}),
      acceptContentTypes: [...READ_URL_CONTENT_TYPES],
    });
    finalUrl = response.finalUrl;
    contentType = response.contentType ?? '';
    body = await readUpTo(response.body, maxBytes);
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw toSandboxError(error, timeoutMs);
  }

  const mime = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const decoded = decode(body.bytes, contentType, mime);
  let title = '';
  let text: string;
  let cut = false;
  if (mime === 'text/html' || mime === 'application/xhtml+xml' || (mime === 'text/xml' && /<html[\s>]/i.test(decoded.slice(0, 4096)))) {
    // The converter is linear; the budget bounds a slow machine too, since it runs on the worker's event loop.
    const converted = htmlToText(decoded, {
      baseUrl: finalUrl,
      maxChars: maxChars + 1,
      budget: { now: () => performance.now(), deadline: performance.now() + (options.convertMs ?? 2000) },
    });
    ({ title, text } = converted);
    cut = converted.truncated;
  } else if (mime === 'application/json') {
    text = prettyJson(decoded);
  } else {
    text = decoded.replace(/\r\n?/g, '\n');
  }
  const truncated = body.cut || cut || text.length > maxChars;
  if (text.length > maxChars) text = text.slice(0, maxChars);
  return { url: parsed.href, finalUrl, contentType: mime, title, text, truncated };
}

async function readUpTo(body: Readable, maxBytes: number): Promise<{ bytes: Buffer; cut: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    if (size + buf.length > maxBytes) {
      chunks.push(buf.subarray(0, maxBytes - size));
      body.destroy();
      return { bytes: Buffer.concat(chunks), cut: true };
    }
    chunks.push(buf);
    size += buf.length;
  }
  return { bytes: Buffer.concat(chunks), cut: false };
}

function decode(body: Buffer, contentType: string, mime: string): string {
  let charset = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1];
  if (!charset && (mime === 'text/html' || mime === 'application/xhtml+xml')) {
    const head = body.subarray(0, 2048).toString('latin1');
    charset = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ?? /<\?xml[^>]+encoding\s*=\s*["']([\w.:-]+)/i.exec(head)?.[1];
  }
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function toSandboxError(error: unknown, timeoutMs: number): SandboxError {
  if (error instanceof SandboxError) return error;
  if (error instanceof UnsafeUrlError) {
    return error.code === 'forbidden_address' ? new SandboxError('forbidden_address', `refused: ${error.message}`) : new SandboxError('bad_url', error.message);
  }
  if (error instanceof FetchError) {
    switch (error.code) {
      case 'forbidden_address':
        return new SandboxError('forbidden_address', `refused: ${error.message}`);
      case 'bad_content_type':
        return new SandboxError('bad_content_type', `${error.message}; read_url reads only ${READ_URL_CONTENT_TYPES.join(', ')}`);
      case 'too_large':
        return new SandboxError('too_large', error.message);
      case 'bad_url':
      case 'bad_scheme':
        return new SandboxError('bad_url', error.message);
      case 'timeout':
        return new SandboxError('timeout', `the page did not arrive within ${timeoutMs} ms`);
      default:
        return new SandboxError('fetch_failed', `${error.code}: ${error.message}`);
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  return new SandboxError('fetch_failed', message);
}
