import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, conflict, DomainError, notFound } from '../../core/errors';
import { EXPORT_FORMATS, exportScan, isExportFormat } from '../../core/exports';
import type { CompleteScan } from '../../core/shapes';
import { scanView, type ScanDoc } from '../../store/scans';
import { requireKey } from '../auth';
import type { AppDeps } from '../deps';

const errorBody = { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] } as const;

/**
 * `GET /v1/scans/{id}/export?format=srt|vtt|csv|edl|chapters|json`: a complete
 * scan as a download. A published scan exports without a key; any other needs
 * its owner's key (another account's scan is as missing as an unknown one).
 */
export async function exportRoutes(app: FastifyInstance, deps: AppDeps) {
  const auth = requireKey(deps);

  /** The scan the caller may read: published for anyone, else owned by the key's account; null when neither. */
  async function readable(request: FastifyRequest, scanId: string): Promise<ScanDoc | null> {
    const status = await deps.scans.getStatus(scanId);
    if (status?.published_at) return deps.scans.withRead(status);
    // Unknown and unpublished scans look alike to a keyless caller: both ask for the key first.
    await auth(request, undefined);
    const { allowed, retryAfterSec } = await deps.rateLimiter.hit(request.keyHash, 'read', deps.config.scanReadsPerMinute, deps.now());
    if (!allowed) throw new DomainError('rate_limited', 'read rate limit reached; retry with backoff', { retryAfterSec });
    return deps.scans.getOwned(scanId, request.account._id);
  }

  app.get(
    '/v1/scans/:id/export',
    {
      schema: {
        params: { type: 'object', properties: { id: { type: 'string', maxLength: 64 } }, required: ['id'] },
        querystring: { type: 'object', properties: { format: { type: 'string', maxLength: 32 } } },
        // 200 is the file itself, in the format's own content type.
        response: { 200: {}, 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const { format } = request.query as { format?: string };
      if (!isExportFormat(format)) {
        throw badRequest(`${format ? `unknown export format "${format}"` : 'format is required'}; use format=${EXPORT_FORMATS.join('|')}`, 'format');
      }
      const doc = await readable(request, id);
      if (!doc) throw notFound(`no scan ${id}`);
      if (doc.status !== 'complete') {
        throw conflict(
          doc.status === 'error'
            ? `scan ${id} ended in error; there is nothing to export`
            : `scan ${id} is ${doc.status} (${doc.pct}%); exports exist once it is complete`,
        );
      }
      const scan = scanView(doc) as CompleteScan;
      const file = exportScan({ ...scan, title: doc.title }, format);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );
}
