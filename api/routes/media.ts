import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../core/errors';
import { scanMedia } from '../../store/scan-media';
import { countPublicRead, countRequest, requireKey } from '../auth';
import type { AppDeps } from '../../services/ports';
import { mediaRemovedDetail } from '../../services/retention-setting';
import { ErrorBody, IdParams } from '../../core/wire/common';
import { sendMedia } from '../../http/media';

/**
 * The scan's media: for its owner's key, or for anyone once the scan is published
 * (then counted per client address). A keyless caller of an unpublished or unknown
 * id gets the same 401, as exports do, so the answer tells nothing of which ids exist.
 */
export async function mediaRoutes(scope: FastifyInstance, deps: AppDeps) {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const auth = requireKey(deps);

  async function mayRead(request: FastifyRequest, scanId: string) {
    const doc = await deps.scans.getStatus(scanId);
    if (doc?.published_at && doc.status === 'complete') {
      await countPublicRead(deps, request);
      return doc;
    }
    await auth(request);
    await countRequest(deps, request, 'read', deps.config.scanReadsPerMinute);
    return doc?.status === 'complete' && doc.account_id === request.account._id ? doc : null;
  }

  app.get(
    '/v1/scans/:id/media',
    {
      schema: {
        params: IdParams,
        // 200 and 206 carry the media bytes themselves.
        response: { 200: {}, 206: {}, 401: ErrorBody, 404: ErrorBody, 416: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const doc = await mayRead(request, id);
      if (doc?.media_removed_at) throw notFound(mediaRemovedDetail(id));
      const stored = doc ? await scanMedia(deps.media, id).stat() : null;
      if (!doc || !stored) throw notFound(`no media for scan ${id}`);
      return sendMedia(request, reply, deps, doc, stored);
    },
  );
}
