import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../core/errors';
import { EXPORT_FORMATS, isExportFormat } from '../../core/exports';
import type { AppDeps } from '../../services/ports';
import { exportScanFile } from '../../services/export-scan';
import { requireKey } from '../auth';

const errorBody = { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] } as const;

/** `GET /v1/scans/{id}/export?format=srt|vtt|csv|edl|chapters|json` (services/export-scan.ts): a complete scan as a download. */
export async function exportRoutes(app: FastifyInstance, deps: AppDeps) {
  const auth = requireKey(deps);
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
      const file = await exportScanFile(deps, id, format, {
        key: async () => {
          await auth(request, undefined);
          return { accountId: request.account._id, keyHash: request.keyHash };
        },
        clientIp: request.ip,
      });
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );
}
