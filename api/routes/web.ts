import { readFileSync } from 'node:fs';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type DomainErrorCode } from '../../core/errors';
import { isPlanId, PLANS } from '../../core/plans';
import type { ScanRead } from '../../core/shapes';
import { isDuplicateKey } from '../../store/accounts';
import { hashSecret } from '../../store/ids';
import { LibraryStore } from '../../store/library';
import { MediaStore } from '../../store/media';
import type { ScanDoc } from '../../store/scans';
import { SessionsStore } from '../../store/sessions';
import type { Viewer } from '../../web/layout';
import { accountPage, errorPage, homePage, libraryPage, scansPage, signinPage, signupPage, type AccountView } from '../../web/pages';
import { scanPage } from '../../web/scan-page';
import type { AppDeps } from '../deps';
import * as schemas from '../schemas';
import { csrfMatches, endSession, parseForm, secureCookies, startSession, useSessions } from '../session';
import { sendMedia } from './media';
import { recutSectionFor } from './web-recuts';

const PAGE_SIZE = 20;
/**
 * Sign-in throttling. Failures count per client address: an address with
 * `failuresPerAddress` failures in the window is refused (429) until it ends.
 * Failures also count per email, and past `freeFailuresPerEmail` every further
 * wrong password for that email is answered only after `slowDownMs`: guessing
 * slows down, yet the owner's right password from an address that has not been
 * failing is never refused or delayed.
 */
export const SIGNIN_THROTTLE = { windowMs: 15 * 60_000, failuresPerAddress: 10, freeFailuresPerEmail: 5, slowDownMs: 2000 } as const;
/** Sign-ups per client address are counted in one-hour windows (the limit is `HOLDLINE_SIGNUPS_PER_HOUR`). */
const SIGNUP_WINDOW_MS = 3_600_000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const STATUS: Partial<Record<DomainErrorCode, number>> = {
  bad_request: 400, unauthorized: 401, not_found: 404, conflict: 409, too_large: 413, rate_limited: 429, unavailable: 503,
};

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

const viewerOf = (request: FastifyRequest): Viewer | null =>
  request.webSession ? { email: request.webSession.account.email, csrf: request.webSession.session.csrf } : null;

function sendPage(reply: FastifyReply, markup: string, status = 200) {
  return reply.code(status).type('text/html; charset=utf-8').send(markup);
}

/**
 * The website: home, sign-up and sign-in, account (key, plan, usage), the
 * signed-in user's scans with their media, and the public library.
 */
export async function webRoutes(app: FastifyInstance, deps: AppDeps) {
  const sessions = new SessionsStore(deps.db);
  const library = new LibraryStore(deps.db);
  useSessions(app, deps, sessions);
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
    if (host !== request.headers.host) throw new DomainError('bad_request', 'this form was posted from another site');
  });

  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    const status = error instanceof DomainError ? (STATUS[error.code] ?? 500) : error.validation ? 400 : (error.statusCode ?? 500);
    if (status >= 500) request.log.error({ err: error }, 'web page failed');
    const message = status >= 500 ? 'Something went wrong on our side; try again shortly.' : error.message;
    return sendPage(reply, errorPage(viewerOf(request), status, message), status);
  });

  const hasMedia = async (doc: ScanDoc) =>
    doc.status === 'complete' && (await deps.media.stat(deps.media.media, MediaStore.mediaId(doc.scan_id))) !== null;

  const notFoundPage = (request: FastifyRequest, reply: FastifyReply, what = 'This page does not exist.') =>
    sendPage(reply, errorPage(viewerOf(request), 404, what), 404);

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
    if (web && !csrfMatches(web.session, (request.body as Form | undefined)?.csrf)) {
      throw new DomainError('bad_request', 'This form has expired; go back, reload the page and try again.');
    }
    return web;
  }

  async function accountView(accountId: string, extra: Partial<AccountView> = {}): Promise<AccountView> {
    const account = await deps.accounts.byId(accountId);
    if (!account) throw new DomainError('not_found', 'This account no longer exists.');
    const month = await deps.usage.month(account._id, deps.now());
    return {
      email: account.email,
      plan: account.plan,
      keyPrefix: account.key_prefix,
      usage: { scans: month.scans, calls: month.calls, tokens: month.tokens, periodEnd: month.period.end },
      ...extra,
    };
  }

  app.get('/assets/:name', { schema: { params: { type: 'object', properties: { name: { type: 'string', maxLength: 32 } }, required: ['name'] } } }, async (request, reply) => {
    const file = ASSETS.get((request.params as { name: string }).name);
    if (!file) return notFoundPage(request, reply);
    return reply.type(file.type).header('cache-control', 'public, max-age=300').send(file.body);
  });

  app.get('/', async (request, reply) => {
    // The home page links the operator's featured scan, never whatever a user published last.
    const featured = await library.featured();
    return sendPage(reply, homePage(viewerOf(request), featured ? `/library/${featured.scan_id}` : null));
  });

  app.get('/signup', async (request, reply) => (request.webSession ? reply.redirect('/account', 303) : sendPage(reply, signupPage())));

  app.post('/signup', { schema: { body: formBody } }, async (request, reply) => {
    const form = request.body as Form;
    const email = (form.email ?? '').trim().toLowerCase();
    const password = form.password ?? '';
    const again = (error: string, status: number) => sendPage(reply, signupPage({ email, error }), status);
    const taken = () => again('An account with this email already exists; sign in instead.', 409);
    // Every attempt counts, so the 409 answer cannot be used to test many emails either.
    const limit = await deps.rateLimiter.takeSlot(hashSecret(`signup:${request.ip}`), 'signup', deps.config.signupsPerHour, deps.now(), SIGNUP_WINDOW_MS);
    if (!limit.allowed) {
      reply.header('retry-after', String(limit.retryAfterSec));
      return again('Too many sign-ups from your network; try again later.', 429);
    }
    if (!EMAIL.test(email) || email.length > 254) return again('Enter a valid email address.', 400);
    if (password.length < 8 || password.length > 200) return again('Choose a password of 8 to 200 characters.', 400);
    if (await deps.accounts.byEmail(email)) return taken();
    let created;
    try {
      created = await deps.accounts.create({ email, now: deps.now() });
    } catch (error) {
      // Two sign-ups racing for one email: the unique index decides, the loser is told plainly.
      if (isDuplicateKey(error)) return taken();
      throw error;
    }
    const { account, apiKey } = created;
    if (request.webSession) await sessions.remove(request.webSession.token);
    await sessions.setPassword(account._id, password);
    const session = await startSession(sessions, reply, account._id, deps.now(), secure(request));
    const viewer = { email: account.email, csrf: session.csrf };
    return sendPage(reply, accountPage(viewer, await accountView(account._id, { newKey: apiKey, notice: 'Welcome to Holdline. Your account is ready.' })), 201);
  });

  app.get('/signin', async (request, reply) => (request.webSession ? reply.redirect('/scans', 303) : sendPage(reply, signinPage())));

  app.post('/signin', { schema: { body: formBody } }, async (request, reply) => {
    const form = request.body as Form;
    const email = (form.email ?? '').trim().toLowerCase();
    const { windowMs, failuresPerAddress, freeFailuresPerEmail, slowDownMs } = SIGNIN_THROTTLE;
    const addressKey = hashSecret(`signin-address:${request.ip}`);
    const now = deps.now();
    // Every attempt takes a failure slot up front and gives it back if it succeeds, so
    // concurrent guesses from one address cannot all slip past the limit together.
    const address = await deps.rateLimiter.takeSlot(addressKey, 'signin-fail', failuresPerAddress, now, windowMs);
    if (!address.allowed) {
      reply.header('retry-after', String(address.retryAfterSec));
      return sendPage(reply, signinPage({ email, error: 'Too many failed sign-ins from your network; wait a few minutes and try again.' }), 429);
    }
    const accountId = await sessions.checkPassword(email, form.password ?? '');
    if (!accountId) {
      const forEmail = await deps.rateLimiter.hit(hashSecret(`signin-email:${email}`), 'signin-fail', freeFailuresPerEmail, now, windowMs);
      if (!forEmail.allowed) await new Promise((resolve) => setTimeout(resolve, slowDownMs));
      return sendPage(reply, signinPage({ email, error: 'Wrong email or password.' }), 401);
    }
    if (address.slot) await deps.rateLimiter.releaseSlot(address.slot);
    if (request.webSession) await sessions.remove(request.webSession.token);
    await startSession(sessions, reply, accountId, deps.now(), secure(request));
    return reply.redirect('/scans', 303);
  });

  app.post('/signout', { schema: { body: formBody } }, async (request, reply) => {
    if (request.webSession && !csrfMatches(request.webSession.session, (request.body as Form | undefined)?.csrf)) {
      throw new DomainError('bad_request', 'This form has expired; go back, reload the page and try again.');
    }
    await endSession(sessions, request, reply, secure(request));
    return reply.redirect('/', 303);
  });

  app.get('/account', async (request, reply) => {
    const web = signedIn(request, reply);
    if (!web) return reply;
    return sendPage(reply, accountPage(viewerOf(request)!, await accountView(web.account._id)));
  });

  app.post('/account/plan', { schema: { body: formBody } }, async (request, reply) => {
    const web = signedInPost(request, reply);
    if (!web) return reply;
    const plan = (request.body as Form).plan;
    if (!isPlanId(plan)) throw new DomainError('bad_request', `Choose one of the plans: ${Object.keys(PLANS).join(', ')}.`);
    await deps.accounts.setPlan(web.account._id, plan);
    return reply.redirect('/account', 303);
  });

  app.post('/account/key', { schema: { body: formBody } }, async (request, reply) => {
    const web = signedInPost(request, reply);
    if (!web) return reply;
    const apiKey = await deps.accounts.rotateKey(web.account._id, deps.now());
    const view = await accountView(web.account._id, { newKey: apiKey, notice: 'Your old key is revoked. Here is the new one.' });
    return sendPage(reply, accountPage(viewerOf(request)!, view));
  });

  app.get('/scans', { schema: { querystring: pageQuery } }, async (request, reply) => {
    const web = signedIn(request, reply);
    if (!web) return reply;
    const page = (request.query as { page?: number }).page ?? 1;
    const { docs, total } = await deps.scans.listOwned(web.account._id, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
    const rows = docs.map((doc) => ({
      scan_id: doc.scan_id,
      title: doc.title,
      status: doc.status,
      pct: doc.pct,
      created_at: doc.created_at,
      published: Boolean(doc.published_at),
      ...(doc.status === 'complete' ? { score: doc.score, grade: doc.grade, label: doc.label, duration_sec: doc.duration_sec } : {}),
    }));
    return sendPage(reply, scansPage(viewerOf(request)!, rows, { page, hasMore: page * PAGE_SIZE < total, basePath: '/scans' }));
  });

  app.get('/scans/:id', { schema: { params: schemas.scanIdParams } }, async (request, reply) => {
    const web = signedIn(request, reply);
    if (!web) return reply;
    const doc = await deps.scans.getOwned((request.params as { id: string }).id, web.account._id);
    if (!doc) return notFoundPage(request, reply, 'No such scan in your account.');
    return sendPage(reply, scanPage(viewerOf(request), { ...pageView(doc, true, await hasMedia(doc)), recut: await recutSectionFor(deps, viewerOf(request)!, doc) }));
  });

  // The owner's player reads the media with the session instead of the API key.
  app.get('/scans/:id/media', { schema: { params: schemas.scanIdParams } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const doc = request.webSession ? await deps.scans.getOwned(id, request.webSession.account._id) : null;
    const stored = doc?.status === 'complete' ? await deps.media.stat(deps.media.media, MediaStore.mediaId(id)) : null;
    if (!doc || !stored) return notFoundPage(request, reply, 'No media for this scan.');
    reply.header('cache-control', 'private, no-store');
    return sendMedia(request, reply, deps, doc, stored);
  });

  app.post('/scans/:id/publish', { schema: { params: schemas.scanIdParams, body: formBody } }, async (request, reply) => {
    const web = signedInPost(request, reply);
    if (!web) return reply;
    const { id } = request.params as { id: string };
    const title = (request.body as Form).title?.trim().slice(0, 200) || null;
    const result = await library.publish(id, web.account._id, title, deps.now());
    if (result.outcome === 'not_found') return notFoundPage(request, reply, 'No such scan in your account.');
    if (result.outcome === 'not_complete') throw new DomainError('conflict', 'Only a complete scan can be published.');
    return reply.redirect(`/scans/${id}`, 303);
  });

  app.get('/library', { schema: { querystring: pageQuery } }, async (request, reply) => {
    const page = (request.query as { page?: number }).page ?? 1;
    const { docs, total } = await library.list({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
    const rows = docs.map((doc) => ({
      scan_id: doc.scan_id,
      title: doc.title ?? 'Untitled scan',
      published_at: doc.published_at!,
      score: doc.score ?? 0,
      grade: doc.grade ?? '',
      label: doc.label ?? '',
      duration_sec: doc.duration_sec ?? 0,
    }));
    return sendPage(reply, libraryPage(viewerOf(request), rows, { page, hasMore: page * PAGE_SIZE < total, basePath: '/library' }));
  });

  app.get('/library/:id', { schema: { params: schemas.scanIdParams } }, async (request, reply) => {
    const doc = await library.getPublished((request.params as { id: string }).id);
    if (!doc) return notFoundPage(request, reply, 'No such scan in the library.');
    return sendPage(reply, scanPage(viewerOf(request), pageView(doc, false, await hasMedia(doc))));
  });
}

function pageView(doc: ScanDoc, owner: boolean, hasMedia: boolean) {
  const complete = doc.status === 'complete';
  return {
    scan_id: doc.scan_id,
    title: doc.title,
    status: doc.status,
    pct: doc.pct,
    ...(doc.detail ? { detail: doc.detail } : {}),
    ...(complete ? { read: doc as ScanDoc & ScanRead } : {}),
    ...(doc.published_at ? { published_at: doc.published_at } : {}),
    // Published media is public (/v1/scans/:id/media); the owner's page uses the session route.
    mediaSrc: hasMedia ? (owner ? `/scans/${doc.scan_id}/media` : `/v1/scans/${doc.scan_id}/media`) : null,
    owner,
  };
}
