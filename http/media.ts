// Sending a scan's stored video, whole or by byte range, with the headers that
// keep it inert on our origin: the API's `GET /v1/scans/:id/media` (key or
// published) and the website's `GET /scans/:id/media` (session) both send it
// this way.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { UNKNOWN_MEDIA_TYPE, extensionFor } from '../core/media-type';
import { contentDisposition, mediaDownloadName, sourceNameOf } from '../core/source-name';
import type { AppDeps } from '../services/ports';
import type { ScanDoc } from '../store/scan-docs';
import { scanMedia } from '../store/scan-media';

/** One byte range of a `Range: bytes=…` header, end exclusive; null when absent or unusable. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size : Math.min(size, Number(match[2]) + 1);
  if (start >= size || end <= start) return 'unsatisfiable';
  return { start, end };
}

/**
 * Headers that keep served media inert on our origin: the type is the probed
 * container's (recorded at probe; an opaque download when unknown), never the
 * uploader's or a remote server's claim; the browser may not sniff it into a
 * page, and were it opened as one, it runs in a sandbox with nothing allowed.
 * The download is named by the source's file name, with the served container's
 * extension when its own is another kind (`mediaDownloadName`), else by the scan id.
 */
export function mediaHeaders(scanId: string, mediaType: string | undefined, sourceName: string | null = null): Record<string, string> {
  const contentType = mediaType && extensionFor(mediaType) !== UNKNOWN_MEDIA_TYPE.ext ? mediaType : UNKNOWN_MEDIA_TYPE.contentType;
  return {
    'content-type': contentType,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'content-disposition': contentDisposition('inline', mediaDownloadName(sourceName, extensionFor(contentType), scanId)),
  };
}

/** Sends a scan's stored media, whole or one byte range (206), answering 416 to a range past its end. */
export function sendMedia(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: Pick<AppDeps, 'media'>,
  scan: Pick<ScanDoc, 'scan_id' | 'media_type' | 'source' | 'source_name'>,
  stored: { length: number },
) {
  const scanId = scan.scan_id;
  const range = parseRange(request.headers.range, stored.length);
  reply.headers(mediaHeaders(scanId, scan.media_type, sourceNameOf(scan))).header('accept-ranges', 'bytes');
  if (range === 'unsatisfiable') {
    reply.removeHeader('content-disposition');
    return reply
      .code(416)
      .header('content-range', `bytes */${stored.length}`)
      .type('application/json; charset=utf-8')
      .send({ detail: 'range not satisfiable' });
  }
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end - 1}/${stored.length}`)
      .header('content-length', range.end - range.start);
    return reply.send(scanMedia(deps.media, scanId).read(range));
  }
  return reply.header('content-length', stored.length).send(scanMedia(deps.media, scanId).read());
}
