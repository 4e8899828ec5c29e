import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../../core/errors';
import { EXPORT_FORMATS, type ScanExport } from '../../core/exports';
import type { AppDeps } from '../../services/ports';
import { exportScanFile } from '../../services/export-scan';
import { ErrorBody, IdParams } from '../../core/wire/common';
import { ExportQuery } from '../../core/wire/scans';
import { requireKey } from '../auth';

/** `GET /v1/scans/{id}/export?format=srt|vtt|csv|edl|chapters|json|otio|fcpxml|markers.csv[&record_start=HH:MM:SS:FF]` (services/export-scan.ts): a complete scan as a download. */
export async function exportRoutes(scope: FastifyInstance, deps: AppDeps) {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const auth = requireKey(deps);
  app.get(
    '/v1/scans/:id/export',
    {
      schema: {
        params: IdParams,
        querystring: ExportQuery,
        // 200 is the file itself, in the format's own content type.
        response: { 200: {}, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { format, recordStart } = exportRequest(request.query, EXPORT_FORMATS, 'export');
      const file = await exportScanFile(deps, id, format, {
        key: async () => {
          await auth(request);
          return { accountId: request.account._id, keyHash: request.keyHash };
        },
        clientIp: request.ip,
        recordStart,
        origin: exportOrigin(deps, request),
      });
      return sendExport(reply, file);
    },
  );
}

/**
 * What an export query asks for (the scan's and the recut's alike): `format`,
 * one of `formats` (400 naming them when missing or unknown), and `record_start`,
 * the EDL's record timecode (400 with any other format; its value is checked
 * against the source's rate by the service).
 */
export function exportRequest<Format extends string>(
  query: { format?: string; record_start?: string },
  formats: readonly Format[],
  what: 'export' | 'recut export',
): { format: Format; recordStart: string | undefined } {
  const { format, record_start: recordStart } = query;
  if (format === undefined || !(formats as readonly string[]).includes(format)) {
    throw badRequest(`${format ? `unknown ${what} format "${format}"` : 'format is required'}; use format=${formats.join('|')}`, 'format');
  }
  if (recordStart !== undefined && format !== 'edl') throw badRequest("record_start is the EDL's record timecode: use it with format=edl", 'record_start');
  return { format: format as Format, recordStart };
}

/**
 * Where the timelines point at the media, by an absolute URL: the configured public
 * origin, else this server's own listen address; never the request's Host header,
 * which the client writes.
 */
export function exportOrigin(deps: Pick<AppDeps, 'config'>, request: FastifyRequest): string {
  return deps.config.publicOrigin ?? listenOrigin(deps.config.host, request.socket.localPort ?? deps.config.port);
}

/** An export as a download: the file in its format's own content type, named by its filename. */
export function sendExport(reply: FastifyReply, file: ScanExport): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}

/** `http://host:port` of this server's listen address; a wildcard address is written as `localhost`. */
export function listenOrigin(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}
