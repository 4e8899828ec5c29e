import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, conflict, notFound, unauthorized } from '../../core/errors';
import { LIMITS } from '../../core/plans';
import type { AppDeps } from '../../services/ports';
import { publishScan } from '../../services/publish-scan';
import { unpublishScan } from '../../services/unpublish-scan';
import { libraryRow, libraryUrl, pageOf } from '../../services/scan-view';
import { countPublicRead } from '../auth';
import * as schemas from '../schemas';
import { useSessions } from '../../web/session';

const str = { type: 'string' } as const;

const publishBody = {
  type: 'object',
  properties: { title: { type: 'string', maxLength: 200 } },
  additionalProperties: false,
} as const;

const publishedBody = {
  type: 'object',
  properties: { scan_id: str, title: str, published_at: str, url: str },
  required: ['scan_id', 'title', 'published_at', 'url'],
} as const;

const unpublishedBody = {
  type: 'object',
  properties: { scan_id: str, published: { type: 'boolean', enum: [false] } },
  required: ['scan_id', 'published'],
  additionalProperties: false,
} as const;

const libraryBody = schemas.pageOf({
  type: 'object',
  properties: {
    scan_id: str, title: str, published_at: str, score: { type: 'integer' }, grade: str, label: str,
    duration_sec: { type: 'number' }, url: str,
  },
  required: ['scan_id', 'title', 'published_at', 'score', 'grade', 'label', 'duration_sec', 'url'],
} as const);

const err = { 400: schemas.errorBody, 401: schemas.errorBody, 404: schemas.errorBody, 409: schemas.errorBody };

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
export async function publishRoutes(app: FastifyInstance, deps: AppDeps) {
  useSessions(app, deps);

  app.post(
    '/api/scans/:id/publish',
    {
      onRequest: signedIn,
      preValidation: jsonOnly('{"title": "…"}'),
      schema: { params: schemas.scanIdParams, body: publishBody, response: { 200: publishedBody, ...err } },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const title = (request.body as { title?: string } | undefined)?.title;
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
      schema: { params: schemas.scanIdParams, body: { type: 'object', additionalProperties: false }, response: { 200: unpublishedBody, ...err } },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const result = await unpublishScan(deps, { accountId: request.webSession!.account._id, scanId: id });
      if (result.outcome === 'not_found') throw notFound(`no scan ${id}`);
      return { scan_id: id, published: false as const };
    },
  );

  app.get(
    '/api/library',
    { onRequest: (request) => countPublicRead(deps, request), schema: { querystring: schemas.historyQuery, response: { 200: libraryBody, 400: schemas.errorBody, 429: schemas.errorBody } } },
    async (request) => {
      const query = request.query as { limit?: number; offset?: number };
      const page = { limit: query.limit ?? LIMITS.historyDefaultLimit, offset: query.offset ?? 0 };
      const { docs, total } = await deps.library.list(page);
      return pageOf(docs.map(libraryRow).map((row) => ({ ...row, published_at: row.published_at.toISOString() })), page, total);
    },
  );
}
