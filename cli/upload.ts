// A multipart upload that reports the bytes sent, for the progress bar. fetch
// cannot tell how much of a body has gone out, so this writes the request
// itself (node:http), with an exact Content-Length, streaming the file.

import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { basename } from 'node:path';
import { ConnectionError, errorFromResponse, type QueuedScan } from '../clients/js/src/index';

export interface UploadOptions {
  baseUrl: string;
  apiKey: string;
  path: string;
  title?: string;
  webhookUrl?: string;
  /** Called as the file goes out: bytes of the file sent so far, and its size. */
  onBytes?: (sent: number, total: number) => void;
}

export async function uploadWithProgress(options: UploadOptions): Promise<QueuedScan> {
  const size = (await stat(options.path)).size;
  const boundary = `----holdline${randomBytes(12).toString('hex')}`;
  const quoted = (value: string) => value.replace(/[\r\n"\\]/g, '_');
  let head = '';
  if (options.title) head += `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n${options.title}\r\n`;
  if (options.webhookUrl) head += `--${boundary}\r\nContent-Disposition: form-data; name="webhook_url"\r\n\r\n${options.webhookUrl}\r\n`;
  head += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${quoted(basename(options.path))}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const headBytes = Buffer.from(head);
  const tailBytes = Buffer.from(tail);
  const url = new URL('/v1/scans', `${options.baseUrl.replace(/\/+$/, '')}/`);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const request = send(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${options.apiKey}`,
      accept: 'application/json',
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(headBytes.length + size + tailBytes.length),
    },
  });
  // The service may answer (401, 413, 429) before the body is done: that answer is the result.
  const answered = new Promise<IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  answered.catch(() => undefined);
  const written = (async () => {
    request.write(headBytes);
    let sent = 0;
    const file = createReadStream(options.path);
    try {
      for await (const chunk of file) {
        if (request.destroyed) return;
        sent += (chunk as Buffer).length;
        if (!request.write(chunk)) await drainedOrClosed(request);
        options.onBytes?.(sent, size);
      }
    } finally {
      file.destroy();
    }
    request.end(tailBytes);
  })();
  written.catch(() => undefined);
  let response: IncomingMessage;
  try {
    response = await answered;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConnectionError({ status: 0, detail: `cannot reach Holdline at ${options.baseUrl}: ${code ?? (error as Error).message}` });
  }
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  request.destroy();
  const text = Buffer.concat(chunks).toString('utf8');
  const status = response.statusCode ?? 0;
  if (status < 200 || status >= 300) {
    const header = (name: string) => {
      const value = response.headers[name];
      return (Array.isArray(value) ? value[0] : value) ?? null;
    };
    throw errorFromResponse(status, text, { get: header });
  }
  return JSON.parse(text) as QueuedScan;
}

/** Resolves when the request can take more, or is gone; leaves no listener behind. */
function drainedOrClosed(request: ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      request.off('drain', done);
      request.off('close', done);
      resolve();
    };
    request.on('drain', done);
    request.on('close', done);
  });
}
