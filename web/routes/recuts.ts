import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../core/errors';
import { PLANS } from '../../core/plans';
import { IdParams } from '../../core/wire/common';
import { FormBody } from '../../core/wire/web';
import type { AppDeps } from '../../services/ports';
import { submitRecut } from '../../services/submit-recut';
import { scanMedia } from '../../store/scan-media';
import type { ScanDoc } from '../../store/scan-docs';
import type { SafeHtml } from '../html';
import type { Viewer } from '../layout';
import { recutPage, recutSection } from '../recut-page';
import { sendPage, viewerOf, websiteScope } from '../scope';
import { assertCsrf } from '../session';

/** The recut section of the owner's complete scan page; nothing for scans in flight. */
export async function recutSectionFor(deps: AppDeps, viewer: Viewer, doc: ScanDoc): Promise<SafeHtml | undefined> {
  if (doc.status !== 'complete') return undefined;
  const account = await deps.accounts.byId(doc.account_id);
  const recuts = await deps.recuts.listForScan(doc.scan_id, doc.account_id, 20);
  return recutSection(viewer, doc.scan_id, Boolean(account && PLANS[account.plan].recutAgent), recuts);
}

/** The website's side of the recut agent: the form's post and the recut's page (signed in). */
export async function webRecutRoutes(scope: FastifyInstance, deps: AppDeps) {
  websiteScope(scope, deps);
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/scans/:id/recut', { schema: { params: IdParams, body: FormBody } }, async (request, reply) => {
    const web = request.webSession;
    if (!web) return reply.redirect('/signin', 303);
    const form = request.body;
    assertCsrf(web.session, form);
    const goal = form.goal?.trim() ?? '';
    const maxText = form.max_seconds?.trim() ?? '';
    const maxSeconds = maxText === '' ? undefined : Number(maxText);
    if (goal.length > 500) throw badRequest('The goal is longer than 500 characters.');
    if (maxSeconds !== undefined && !(Number.isFinite(maxSeconds) && maxSeconds >= 1 && maxSeconds <= 86_400)) {
      throw badRequest('The maximum length must be a number of seconds from 1 to 86400.');
    }
    const body = { ...(goal ? { goal } : {}), ...(maxSeconds !== undefined ? { max_seconds: maxSeconds } : {}) };
    const queued = await submitRecut(deps, { account: web.account, scanId: request.params.id, body, log: request.log, requestId: request.id });
    return reply.redirect(`/recuts/${queued.recut_id}`, 303);
  });

  app.get('/recuts/:id', { schema: { params: IdParams } }, async (request, reply) => {
    const web = request.webSession;
    if (!web) return reply.redirect('/signin', 303);
    const doc = await deps.recuts.getOwned(request.params.id, web.account._id);
    if (!doc) throw notFound('No such recut in your account.');
    const [parent, child] = await Promise.all([deps.scans.get(doc.parent_scan_id), deps.scans.get(doc.scan_id)]);
    const hold = (scan: ScanDoc | null) => (scan?.status === 'complete' && scan.timeline ? scan.timeline.map((t) => t.scores.hold) : null);
    const childMedia = child?.status === 'complete' ? await scanMedia(deps.media, doc.scan_id).stat() : null;
    return sendPage(
      reply,
      recutPage(viewerOf(request)!, {
        ...doc,
        parentHold: hold(parent) ?? [],
        childHold: hold(child),
        // The re-scan is the owner's scan: its media plays through the scan page's session route.
        mediaSrc: childMedia ? `/scans/${doc.scan_id}/media` : null,
      }),
    );
  });
}
