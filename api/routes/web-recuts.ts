import type { FastifyInstance, FastifyReply } from 'fastify';
import { DomainError } from '../../core/errors';
import { PLANS } from '../../core/plans';
import { MediaStore } from '../../store/media';
import { RecutsStore } from '../../store/recuts';
import type { ScanDoc } from '../../store/scans';
import { SessionsStore } from '../../store/sessions';
import type { Viewer } from '../../web/layout';
import { errorPage } from '../../web/pages';
import { recutPage, recutSection } from '../../web/recut-page';
import type { SafeHtml } from '../../web/html';
import type { AppDeps } from '../deps';
import { statusOf } from '../errors';
import { csrfMatches, parseForm, useSessions } from '../session';
import { submitRecut } from './recuts';

const idParams = { type: 'object', properties: { id: { type: 'string', maxLength: 64 } }, required: ['id'] } as const;
const formBody = { type: 'object', additionalProperties: { type: 'string' } } as const;

/** The recut section of the owner's complete scan page; nothing for scans in flight. */
export async function recutSectionFor(deps: AppDeps, viewer: Viewer, doc: ScanDoc): Promise<SafeHtml | undefined> {
  if (doc.status !== 'complete') return undefined;
  const account = await deps.accounts.byId(doc.account_id);
  const recuts = await new RecutsStore(deps.db).listForScan(doc.scan_id, doc.account_id, 20);
  return recutSection(viewer, doc.scan_id, Boolean(account && PLANS[account.plan].recutAgent), recuts);
}

/** The website's side of the recut agent: the form's post and the recut's page (signed in). */
export async function webRecutRoutes(app: FastifyInstance, deps: AppDeps) {
  const recuts = new RecutsStore(deps.db);
  useSessions(app, deps, new SessionsStore(deps.db));
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, parseForm(body as string));
  });

  // Failures of this scope are pages too (bad form fields, a broken store).
  app.setErrorHandler((error: Error & { validation?: unknown; statusCode?: number }, request, reply) => {
    const status = error instanceof DomainError ? statusOf(error.code) : error.validation ? 400 : (error.statusCode ?? 500);
    if (status >= 500) request.log.error({ err: error }, 'recut page failed');
    const web = request.webSession;
    const viewer = web ? { email: web.account.email, csrf: web.session.csrf } : null;
    return page(reply, errorPage(viewer, status, status >= 500 ? 'Something went wrong on our side; try again shortly.' : error.message), status);
  });

  const page = (reply: FastifyReply, markup: string, status = 200) => reply.code(status).type('text/html; charset=utf-8').send(markup);

  app.post('/scans/:id/recut', { schema: { params: idParams, body: formBody } }, async (request, reply) => {
    const web = request.webSession;
    if (!web) return reply.redirect('/signin', 303);
    const viewer: Viewer = { email: web.account.email, csrf: web.session.csrf };
    const form = request.body as Record<string, string | undefined>;
    if (!csrfMatches(web.session, form.csrf)) return page(reply, errorPage(viewer, 400, 'This form has expired; go back, reload the page and try again.'), 400);
    const goal = form.goal?.trim() ?? '';
    const maxText = form.max_seconds?.trim() ?? '';
    const maxSeconds = maxText === '' ? undefined : Number(maxText);
    if (goal.length > 500) return page(reply, errorPage(viewer, 400, 'The goal is longer than 500 characters.'), 400);
    if (maxSeconds !== undefined && !(Number.isFinite(maxSeconds) && maxSeconds >= 1 && maxSeconds <= 86_400)) {
      return page(reply, errorPage(viewer, 400, 'The maximum length must be a number of seconds from 1 to 86400.'), 400);
    }
    try {
      const queued = await submitRecut(deps, web.account, (request.params as { id: string }).id, { ...(goal ? { goal } : {}), ...(maxSeconds !== undefined ? { max_seconds: maxSeconds } : {}) }, request.log);
      return reply.redirect(`/recuts/${queued.recut_id}`, 303);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const status = statusOf(error.code);
      const message = error.message.charAt(0).toUpperCase() + error.message.slice(1) + '.';
      return page(reply, errorPage(viewer, status, message), status);
    }
  });

  app.get('/recuts/:id', { schema: { params: idParams } }, async (request, reply) => {
    const web = request.webSession;
    if (!web) return reply.redirect('/signin', 303);
    const viewer: Viewer = { email: web.account.email, csrf: web.session.csrf };
    const doc = await recuts.getOwned((request.params as { id: string }).id, web.account._id);
    if (!doc) return page(reply, errorPage(viewer, 404, 'No such recut in your account.'), 404);
    const [parent, child] = await Promise.all([deps.scans.get(doc.parent_scan_id), deps.scans.get(doc.scan_id)]);
    const hold = (scan: ScanDoc | null) => (scan?.status === 'complete' && scan.timeline ? scan.timeline.map((t) => t.scores.hold) : null);
    const childMedia = child?.status === 'complete' ? await deps.media.stat(deps.media.media, MediaStore.mediaId(doc.scan_id)) : null;
    return page(
      reply,
      recutPage(viewer, {
        ...doc,
        parentHold: hold(parent) ?? [],
        childHold: hold(child),
        // The re-scan is the owner's scan: its media plays through the scan page's session route.
        mediaSrc: childMedia ? `/scans/${doc.scan_id}/media` : null,
      }),
    );
  });
}
