import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Viewer } from './layout';

// How a page is sent, apart from web/scope.ts so the website's error handler
// (web/errors.ts) can answer with a page without importing the scope setup
// (which imports it).

/** The signed-in user as the page layout shows them, or null. */
export const viewerOf = (request: FastifyRequest): Viewer | null =>
  request.webSession ? { email: request.webSession.account.email, csrf: request.webSession.session.csrf } : null;

export function sendPage(reply: FastifyReply, markup: string, status = 200) {
  return reply.code(status).type('text/html; charset=utf-8').send(markup);
}
