import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, conflict, notFound } from '../../core/errors';
import { accountSummary, changePlan, rotateKey } from '../../services/account';
import type { AppDeps } from '../../services/ports';
import { publishScan } from '../../services/publish-scan';
import { historyRow, libraryRow } from '../../services/scan-view';
import { signIn } from '../../services/sign-in';
import { signUp } from '../../services/sign-up';
import { MediaStore } from '../../store/media';
import type { ScanDoc } from '../../store/scans';
import { accountPage, homePage, libraryPage, scansPage, signinPage, signupPage } from '../../web/pages';
import { scanPage, type ScanPageView } from '../../web/scan-page';
import { htmlReplies } from '../errors';
import { sendPage, viewerOf } from '../pages';
import * as schemas from '../schemas';
import { assertCsrf, endSession, parseForm, secureCookies, sessionCookie, useSessions } from '../session';
import { sendMedia } from './media';
import { recutSectionFor } from './web-recuts';

const PAGE_SIZE = 20;

const asset = (name: string) => readFileSync(new URL(`../../web/assets/${name}`, import.meta.url), 'utf8');
// A Map, so a name like `constructor` or `__proto__` finds nothing instead of Object's own members.
const ASSETS = new Map<string, { body: string; type: string }>([
  ['site.css', { body: asset('site.css'), type: 'text/css; charset=utf-8' }],
  ['plot.js', { body: asset('plot.js'), type: 'text/javascript; charset=utf-8' }],
]);

// Pages stop where the API's offset does (schemas.MAX_OFFSET).
const pageQuery = { type: 'object', properties: { page: { type: 'integer', minimum: 1, maximum: schemas.MAX_OFFSET / PAGE_SIZE + 1 } } } as const;
const formBody = { type: 'object', additionalProperties: { type: 'string' } } as const;

type Form = Record<string, string | undefined>;

/**
 * The website: home, sign-up and sign-in, account (key, plan, usage), the
 * signed-in user's scans with their media, and the public library. Errors are
 * pages (api/errors.ts, `htmlReplies`).
 */
export async function webRoutes(app: FastifyInstance, deps: AppDeps) {
  htmlReplies(app);
  useSessions(app, deps);
  const secure = (request: FastifyRequest) => secureCookies(request, deps.config.trustProxy);

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, parseForm(body as string));
  });

  // Form posts from another site are refused when the browser names their origin.
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

  const hasMedia = async (doc: ScanDoc) =>
    doc.status === 'complete' && (await deps.media.stat(deps.media.media, MediaStore.mediaId(doc.scan_id))) !== null;

  /** The session of a signed-in request, or a redirect to sign-in. */
  function signedIn(request: FastifyRequest, reply: FastifyReply) {
    if (!request.webSession) {
      void reply.redirect('/signin', 303);
      return null;
    }
    return request.webSession;
  }

  /** Like `signedIn`, for form posts: the session's CSRF token must come with the form. */
  function signedInPost(request: FastifyRequest, reply: FastifyReply) {
    const web = signedIn(request, reply);
    if (web) assertCsrf(web.session, request.body as Form | undefined);
    return web;
  }

  app.get('/assets/:name', { schema: { params: { type: 'object', properties: { name: { type: 'string', maxLength: 32 } }, required: ['name'] } } }, async (request, reply) => {
    const file = ASSETS.get((request.params as { name: string }).name);
    if (!file) throw notFound('This page does not exist.');
    return reply.type(file.type).header('cache-control', 'public, max-age=300').send(file.body);
  });

  app.get('/', async (request, reply) => {
    // The home page links the operator's featured scan, never whatever a user published last.
    const featured = await deps.library.featured();
    return sendPage(reply, homePage(viewerOf(request), featured ? `/library/${featured.scan_id}` : null));
  });

  app.get('/signup', async (request, reply) => (request.webSession ? reply.redirect('/account', 303) : sendPage(reply, signupPage())));

  app.post('/signup', { schema: { body: formBody } }, async (request, reply) => {
    const form = request.body as Form;
    const email = (form.email ?? '').trim().toLowerCase();
    const outcome = await signUp(deps, { email, password: form.password ?? '', clientIp: request.ip, previousSessionToken: request.webSession?.token });
    const again = (error: string, status: number) => sendPage(reply, signupPage({ email, error }), status);
    if (outcome.kind === 'throttled') {
      reply.header('retry-after', String(outcome.retryAfterSec));
      return again('Too many sign-ups from your network; try again later.', 429);
    }
    if (outcome.kind === 'invalid') return again(outcome.message, 400);
    if (outcome.kind === 'taken') return again('An account with this email already exists; sign in instead.', 409);
    reply.header('set-cookie', sessionCookie(outcome.token, secure(request)));
    const viewer = { email: outcome.account.email, csrf: outcome.session.csrf };
    const view = await accountSummary(deps, outcome.account._id, { newKey: outcome.apiKey, notice: 'Welcome to Holdline. Your account is ready.' });
    return sendPage(reply, accountPage(viewer, view), 201);
  });

  app.get('/signin', async (request, reply) => (request.webSession ? reply.redirect('/scans', 303) : sendPage(reply, signinPage())));

  app.post('/signin', { schema: { body: formBody } }, async (request, reply) => {
    const form = request.body as Form;
    const email = (form.email ?? '').trim().toLowerCase();
    const outcome = await signIn(deps, { email, password: form.password ?? '', clientIp: request.ip, previousSessionToken: request.webSession?.token });
    if (outcome.kind === 'throttled') {
      reply.header('retry-after', String(outcome.retryAfterSec));
      return sendPage(reply, signinPage({ email, error: 'Too many failed sign-ins from your network; wait a few minutes and try again.' }), 429);
    }
    if (outcome.kind === 'wrong') return sendPage(reply, signinPage({ email, error: 'Wrong email or password.' }), 401);
    reply.header('set-cookie', sessionCookie(outcome.token, secure(request)));
    return reply.redirect('/scans', 303);
  });

  app.post('/signout', { schema: { body: formBody } }, async (request, reply) => {
    if (request.webSession) assertCsrf(request.webSession.session, request.body as Form | undefined);
    await endSession(deps.sessions, request, reply, secure(request));
    return reply.redirect('/', 303);
  });

  app.get('/account', async (request, reply) => {
    const web = signedIn(request, reply);
    if (!web) return reply;
    return sendPage(reply, accountPage(viewerOf(request)!, await accountSummary(deps, web.account._id)));
  });

  app.post('/account/plan', { schema: { body: formBody } }, async (request, reply) => {
    const web = signedInPost(request, reply);
    if (!web) return reply;
    await changePlan(deps, web.account._id, (request.body as Form).plan);
    return reply.redirect('/account', 303);
  });

  app.post('/account/key', { schema: { body: formBody } }, async (request, reply) => {
    const web = signedInPost(request, reply);
    if (!web) return reply;
    return sendPage(reply, accountPage(viewerOf(request)!, await rotateKey(deps, web.account._id)));
  });

  app.get('/scans', { schema: { querystring: pageQuery } }, async (request, reply) => {
    const web = signedIn(request, reply);
    if (!web) return reply;
    const page = (request.query as { page?: number }).page ?? 1;
    const { docs, total } = await deps.scans.listOwned(web.account._id, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
    const rows = docs.map((doc) => ({ ...historyRow(doc), published: Boolean(doc.published_at) }));
    return sendPage(reply, scansPage(viewerOf(request)!, rows, { page, hasMore: page * PAGE_SIZE < total, basePath: '/scans' }));
  });

  app.get('/scans/:id', { schema: { params: schemas.scanIdParams } }, async (request, reply) => {
    const web = signedIn(request, reply);
    if (!web) return reply;
    const doc = await deps.scans.getOwned((request.params as { id: string }).id, web.account._id);
    if (!doc) throw notFound('No such scan in your account.');
    return sendPage(reply, scanPage(viewerOf(request), { ...pageView(doc, true, await hasMedia(doc)), recut: await recutSectionFor(deps, viewerOf(request)!, doc) }));
  });

  // The owner's player reads the media with the session instead of the API key.
  app.get('/scans/:id/media', { schema: { params: schemas.scanIdParams } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const doc = request.webSession ? await deps.scans.getOwned(id, request.webSession.account._id) : null;
    const stored = doc?.status === 'complete' ? await deps.media.stat(deps.media.media, MediaStore.mediaId(id)) : null;
    if (!doc || !stored) throw notFound('No media for this scan.');
    reply.header('cache-control', 'private, no-store');
    return sendMedia(request, reply, deps, doc, stored);
  });

  app.post('/scans/:id/publish', { schema: { params: schemas.scanIdParams, body: formBody } }, async (request, reply) => {
    const web = signedInPost(request, reply);
    if (!web) return reply;
    const { id } = request.params as { id: string };
    const result = await publishScan(deps, { accountId: web.account._id, scanId: id, title: (request.body as Form).title });
    if (result.outcome === 'not_found') throw notFound('No such scan in your account.');
    if (result.outcome === 'not_complete') throw conflict('Only a complete scan can be published.');
    return reply.redirect(`/scans/${id}`, 303);
  });

  app.get('/library', { schema: { querystring: pageQuery } }, async (request, reply) => {
    const page = (request.query as { page?: number }).page ?? 1;
    const { docs, total } = await deps.library.list({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
    return sendPage(reply, libraryPage(viewerOf(request), docs.map(libraryRow), { page, hasMore: page * PAGE_SIZE < total, basePath: '/library' }));
  });

  app.get('/library/:id', { schema: { params: schemas.scanIdParams } }, async (request, reply) => {
    const doc = await deps.library.getPublished((request.params as { id: string }).id);
    if (!doc) throw notFound('No such scan in the library.');
    return sendPage(reply, scanPage(viewerOf(request), pageView(doc, false, await hasMedia(doc))));
  });
}

function pageView(doc: ScanDoc, owner: boolean, hasMedia: boolean): ScanPageView {
  const complete = doc.status === 'complete';
  return {
    scan_id: doc.scan_id,
    title: doc.title,
    status: doc.status,
    pct: doc.pct,
    ...(doc.detail ? { detail: doc.detail } : {}),
    ...(complete ? { read: doc as ScanPageView['read'] } : {}),
    ...(doc.published_at ? { published_at: doc.published_at } : {}),
    // Published media is public (/v1/scans/:id/media); the owner's page uses the session route.
    mediaSrc: hasMedia ? (owner ? `/scans/${doc.scan_id}/media` : `/v1/scans/${doc.scan_id}/media`) : null,
    owner,
  };
}
