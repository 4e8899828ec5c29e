import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Website pages load scripts and styles only from /assets (plot.js reads its
 * data from an inert `application/json` block), so nothing inline is allowed
 * and nothing else is needed. `default-src 'none'` makes every other kind of
 * load opt-in.
 */
export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "media-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Every HTML response (pages, error pages, the 404 page) carries the page policy. */
export async function pageHeaders(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
    reply
      .header('content-security-policy', PAGE_CSP)
      .header('x-frame-options', 'DENY')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'same-origin');
    // Signed-in pages (and the one showing a new key) must not sit in a shared or back-button cache.
    if (request.webSession || request.method === 'POST') reply.header('cache-control', 'no-store');
  }
  return payload;
}
