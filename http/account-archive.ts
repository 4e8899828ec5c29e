import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { AdmittedArchive } from '../services/export-account';

/** Sends the account archive as a tar download: for the key (api/routes/account-data.ts), for the session on the account page (web/routes/account.ts). */
export function sendAccountArchive(reply: FastifyReply, archive: AdmittedArchive) {
  // A client that goes away destroys this stream (Fastify), which stops the generator and closes the media read in progress.
  // The account's archive lease goes back when the response is over, however it ended (a stream never read included).
  reply.raw.once('close', () => void archive.release().catch((error: unknown) => reply.log.warn({ err: error }, 'archive lease not given back')));
  return reply
    .header('content-type', 'application/x-tar')
    .header('content-disposition', `attachment; filename="${archive.filename}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(Readable.from(archive.stream, { objectMode: false, highWaterMark: 64 * 1024 }));
}
