import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../core/errors';
import type { FormBody } from '../core/wire/web';
import type { AppDeps } from '../services/ports';
import { pageErrorHandler } from './errors';
import { sendPage, viewerOf } from './page-reply';
import { useSessions } from '../http/session';
import { assertCsrf, parseForm } from './session';

/**
 * Makes `app`'s scope a part of the website: errors answered as pages, the
 * signed-in session on every request, HTML form bodies, and form posts from
 * another site refused when the browser names their origin.
 */
export function websiteScope(app: FastifyInstance, deps: Pick<AppDeps, 'accounts' | 'sessions' | 'now'>): void {
  app.setErrorHandler(pageErrorHandler);
  useSessions(app, deps);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, parseForm(body as string));
  });
  refuseCrossSite(app);
}

/** Posts to `app`'s scope from another site are refused when the browser names their origin. */
export function refuseCrossSite(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const origin = request.headers.origin;
    if (request.method !== 'POST' || !origin) return;
    let host: string | null = null;
    try {
      host = new URL(origin).host;
    } catch {
      host = null;
    }
    if (host !== request.headers.host) throw badRequest('this form was posted from another site');
  });
}

/** The session of a signed-in request, or null after sending a redirect to sign-in. */
export function signedIn(request: FastifyRequest, reply: FastifyReply) {
  if (!request.webSession) {
    void reply.redirect('/signin', 303);
    return null;
  }
  return request.webSession;
}

/** Like `signedIn`, for form posts: the session's CSRF token must come with the form. */
export function signedInPost(request: FastifyRequest, reply: FastifyReply, form: FormBody) {
  const web = signedIn(request, reply);
  if (web) assertCsrf(web.session, form);
  return web;
}

export { sendPage, viewerOf };
