import { readFileSync } from 'node:fs';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound } from '../../core/errors';
import { PLANS } from '../../core/plans';
import { IdParams } from '../../core/wire/common';
import { AssetParams, FormBody, WEB_PAGE_SIZE, WebPageQuery } from '../../core/wire/web';
import type { AppDeps } from '../../services/ports';
import { publishScan } from '../../services/publish-scan';
import { deleteScan } from '../../services/delete-scan';
import { unpublishScan } from '../../services/unpublish-scan';
import { historyRow, libraryRow } from '../../services/scan-view';
import { scanMedia } from '../../store/scan-media';
import type { ScanDoc } from '../../store/scan-docs';
import { holdCurveSvg } from '../hold-curve';
import { homePage, libraryPage, scansPage } from '../pages';
import { scanPage, type ScanPageView } from '../scan-page';
import { sendPage, signedIn, signedInPost, viewerOf, websiteScope } from '../scope';
import { sendMedia } from '../../http/media';
import { accountPages } from './account';
import { recutSectionFor } from './recuts';
import { webSubmitRoutes } from './submit';

const asset = (name: string) => readFileSync(new URL(`../assets/${name}`, import.meta.url), 'utf8');
// A Map, so a name like `constructor` or `__proto__` finds nothing instead of Object's own members.
const ASSETS = new Map<string, { body: string; type: string }>([
  ['site.css', { body: asset('site.css'), type: 'text/css; charset=utf-8' }],
  ['plot.js', { body: asset('plot.js'), type: 'text/javascript; charset=utf-8' }],
  ['scans.js', { body: asset('scans.js'), type: 'text/javascript; charset=utf-8' }],
]);

/**
 * The website: home, the account pages (web-account.ts), the signed-in user's
 * scans with their media, and the public library. Errors are pages (web/errors.ts).
 */
export async function webRoutes(scope: FastifyInstance, deps: AppDeps) {
  // The scans page script's JSON endpoints: a child scope loaded before this scope's
  // hooks and form parser exist, with its own sessions and its own JSON error handler.
  await scope.register(async (child) => webSubmitRoutes(child, deps));
  websiteScope(scope, deps);
  accountPages(scope, deps);
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  const hasMedia = async (doc: ScanDoc) => doc.status === 'complete' && (await scanMedia(deps.media, doc.scan_id).stat()) !== null;

  app.get('/assets/:name', { schema: { params: AssetParams } }, async (request, reply) => {
    const file = ASSETS.get(request.params.name);
    if (!file) throw notFound('This page does not exist.');
    return reply.type(file.type).header('cache-control', 'public, max-age=300').send(file.body);
  });

  app.get('/', async (request, reply) => {
    // The home page links the operator's featured scan, never whatever a user published last.
    const featured = await deps.library.featured();
    const demo = featured?.timeline
      ? {
          curve: holdCurveSvg(featured as Parameters<typeof holdCurveSvg>[0], featured.title ?? 'the demo scan'),
          title: featured.title ?? 'The demo scan',
          grade: featured.grade,
          score: featured.score,
          label: featured.label,
        }
      : undefined;
    return sendPage(reply, homePage(viewerOf(request), featured ? `/library/${featured.scan_id}` : null, demo));
  });

  app.get('/scans', { schema: { querystring: WebPageQuery } }, async (request, reply) => {
    const web = signedIn(request, reply);
    if (!web) return reply;
    const page = request.query.page ?? 1;
    const { docs, total } = await deps.scans.listOwned(web.account._id, { limit: WEB_PAGE_SIZE, offset: (page - 1) * WEB_PAGE_SIZE });
    const rows = docs.map((doc) => ({ ...historyRow(doc), published: Boolean(doc.published_at) }));
    const usage = await deps.usage.month(web.account._id, deps.now());
    const submit = { uploadLimitBytes: deps.config.uploadLimitBytes, scansLeft: Math.max(0, PLANS[web.account.plan].scansPerMonth - usage.scans) };
    return sendPage(reply, scansPage(viewerOf(request)!, rows, { page, hasMore: page * WEB_PAGE_SIZE < total, basePath: '/scans' }, submit));
  });

  app.get('/scans/:id', { schema: { params: IdParams } }, async (request, reply) => {
    const web = signedIn(request, reply);
    if (!web) return reply;
    const doc = await deps.scans.getOwned(request.params.id, web.account._id);
    if (!doc) throw notFound('No such scan in your account.');
    return sendPage(
      reply,
      scanPage(viewerOf(request), { ...pageView(doc, true, await hasMedia(doc)), recut: await recutSectionFor(deps, viewerOf(request)!, doc) }),
    );
  });

  // The owner's player reads the media with the session instead of the API key.
  app.get('/scans/:id/media', { schema: { params: IdParams } }, async (request, reply) => {
    const { id } = request.params;
    const doc = request.webSession ? await deps.scans.getOwned(id, request.webSession.account._id) : null;
    if (doc?.media_removed_at) throw notFound('The video was removed by the retention setting; the read is kept.');
    const stored = doc?.status === 'complete' ? await scanMedia(deps.media, id).stat() : null;
    if (!doc || !stored) throw notFound('No media for this scan.');
    reply.header('cache-control', 'private, no-store');
    return sendMedia(request, reply, deps, doc, stored);
  });

  app.post('/scans/:id/publish', { schema: { params: IdParams, body: FormBody } }, async (request, reply) => {
    const web = signedInPost(request, reply, request.body);
    if (!web) return reply;
    const { id } = request.params;
    const result = await publishScan(deps, { accountId: web.account._id, scanId: id, title: request.body.title });
    if (result.outcome === 'not_found') throw notFound('No such scan in your account.');
    if (result.outcome === 'not_complete') throw conflict('Only a complete scan can be published.');
    return reply.redirect(`/scans/${id}`, 303);
  });

  app.post('/scans/:id/unpublish', { schema: { params: IdParams, body: FormBody } }, async (request, reply) => {
    const web = signedInPost(request, reply, request.body);
    if (!web) return reply;
    const { id } = request.params;
    const result = await unpublishScan(deps, { accountId: web.account._id, scanId: id });
    if (result.outcome === 'not_found') throw notFound('No such scan in your account.');
    return reply.redirect(`/scans/${id}`, 303);
  });

  app.post('/scans/:id/delete', { schema: { params: IdParams, body: FormBody } }, async (request, reply) => {
    const web = signedInPost(request, reply, request.body);
    if (!web) return reply;
    const { id } = request.params;
    if (request.body.confirm !== 'yes') throw badRequest('Tick the box to confirm the deletion.');
    const outcome = await deleteScan(deps, { accountId: web.account._id, scanId: id, requestId: request.id, log: request.log });
    if (outcome === 'not_found') throw notFound('No such scan in your account.');
    // Deleted, or still being removed: either way it is gone from every page.
    return reply.redirect('/scans', 303);
  });

  app.get('/library', { schema: { querystring: WebPageQuery } }, async (request, reply) => {
    const page = request.query.page ?? 1;
    const { docs, total } = await deps.library.list({ limit: WEB_PAGE_SIZE, offset: (page - 1) * WEB_PAGE_SIZE });
    return sendPage(reply, libraryPage(viewerOf(request), docs.map(libraryRow), { page, hasMore: page * WEB_PAGE_SIZE < total, basePath: '/library' }));
  });

  app.get('/library/:id', { schema: { params: IdParams } }, async (request, reply) => {
    const doc = await deps.library.getPublished(request.params.id);
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
    ...(doc.media_removed_at ? { mediaRemovedAt: doc.media_removed_at } : {}),
    // Published media is public (/v1/scans/:id/media); the owner's page uses the session route.
    mediaSrc: hasMedia ? (owner ? `/scans/${doc.scan_id}/media` : `/v1/scans/${doc.scan_id}/media`) : null,
    owner,
  };
}
