import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, conflict, notFound, unauthorized } from '../../core/errors';
import { LIMITS } from '../../core/plans';
import type { AppDeps } from '../../services/ports';
import { publishScan } from '../../services/publish-scan';
import { unpublishScan } from '../../services/unpublish-scan';
import { libraryRow, libraryUrl, pageOf } from '../../services/scan-view';
import { countPublicRead } from '../auth';
import { ErrorBody, IdParams, PageQuery } from '../../core/wire/common';
import { LibraryBody, PublishBody, Published, UnpublishBody, Unpublished } from '../../core/wire/web';
import { useSessions } from '../../http/session';

const err = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** The session and CSRF rules publish and unpublish share. */
const signedIn = async (request: FastifyRequest) => {
  if (!request.webSession) throw unauthorized('sign in first: this needs a signed-in session');
};
// With SameSite=Lax cookies, a JSON content type is what a cross-site form cannot send.
const jsonOnly = (example: string) => async (request: FastifyRequest) => {
  if (!/^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
    throw badRequest(`send Content-Type: application/json with a body like ${example}`);
  }
};

/**
 * `POST /api/scans/:id/publish` and `/unpublish` for a signed-in user (services/publish-scan.ts,
 * services/unpublish-scan.ts) and the keyless `GET /api/library`.
 */
export async function publishRoutes(scope: FastifyInstance, deps: AppDeps) {
  useSessions(scope, deps);
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/scans/:id/publish',
    {
      onRequest: signedIn,
      preValidation: jsonOnly('{"title": "…"}'),
      schema: { params: IdParams, body: PublishBody, response: { 200: Published, ...err } },
    },
    async (request) => {
      const { id } = request.params;
      const { title } = request.body;
      const result = await publishScan(deps, { accountId: request.webSession!.account._id, scanId: id, title });
      if (result.outcome === 'not_found') throw notFound(`no scan ${id}`);
      if (result.outcome === 'not_complete') throw conflict(`scan ${id} is not complete; only a complete scan can be published`);
      const { doc } = result;
      return { scan_id: doc.scan_id, title: doc.title!, published_at: doc.published_at!.toISOString(), url: libraryUrl(doc.scan_id) };
    },
  );

  app.post(
    '/api/scans/:id/unpublish',
    {
      onRequest: signedIn,
      preValidation: jsonOnly('{}'),
      schema: { params: IdParams, body: UnpublishBody, response: { 200: Unpublished, ...err } },
    },
    async (request) => {
      const { id } = request.params;
      const result = await unpublishScan(deps, { accountId: request.webSession!.account._id, scanId: id });
      if (result.outcome === 'not_found') throw notFound(`no scan ${id}`);
      return { scan_id: id, published: false as const };
    },
  );

  app.get(
    '/api/library',
    {
      onRequest: (request) => countPublicRead(deps, request),
      schema: { querystring: PageQuery, response: { 200: LibraryBody, 400: ErrorBody, 429: ErrorBody } },
    },
    async (request) => {
      const page = { limit: request.query.limit ?? LIMITS.historyDefaultLimit, offset: request.query.offset ?? 0 };
      const { docs, total } = await deps.library.list(page);
      return pageOf(docs.map(libraryRow), page, total);
    },
  );
}
