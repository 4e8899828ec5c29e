import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, notFound, unauthorized } from '../../core/errors';
import { LIMITS } from '../../core/plans';
import { IdParams } from '../../core/wire/common';
import { WebUrlBody } from '../../core/wire/web';
import type { AppDeps } from '../../services/ports';
import { enforceRateLimit } from '../../services/rate-limit';
import { cleanTitle, submitScan, type ScanSubmission } from '../../services/submit-scan';
import type { AccountDoc } from '../../store/accounts';
import { liveStatus } from '../scans-live';
import { refuseCrossSite } from '../scope';
import { useSessions } from '../../http/session';
import { csrfMatches } from '../session';
import { detailErrorHandler } from '../../http/errors';
import { receiveUpload, refuseDeclaredTooLarge, UploadWatch } from '../../http/upload';

/** The header the scans page's script sends the session's CSRF token in. */
export const CSRF_HEADER = 'x-csrf-token';

/**
 * The scans page's script submits videos here with the session instead of the
 * API key: `POST /scans/upload` (multipart, a `file` part and an optional
 * `title`), `POST /scans/url` (JSON `{url, title?}`), and reads a row's live
 * state from `GET /scans/:id/status`. Both submissions run the API's use case
 * (services/submit-scan.ts): the same quota unit, upload limit, per-minute
 * limit and give-back. These answer JSON (`{detail}` on errors) for the
 * script, so they live in their own scope with that error handler instead of
 * the pages' (web/errors.ts).
 */
export async function webSubmitRoutes(scope: FastifyInstance, deps: AppDeps) {
  scope.setErrorHandler(detailErrorHandler);
  useSessions(scope, deps);
  refuseCrossSite(scope);
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  /**
   * onRequest, before a byte of the body is read or the quota is touched: a
   * session, its CSRF token in the header (a cross-site form cannot set one),
   * then the API's per-minute submission limit, counted on the account's key
   * so the website and the API share one budget.
   */
  const admit = async (request: FastifyRequest) => {
    const web = request.webSession;
    if (!web) throw unauthorized('You are signed out; sign in again to submit a video.');
    const header = request.headers[CSRF_HEADER];
    if (!csrfMatches(web.session, typeof header === 'string' ? header : undefined)) {
      throw badRequest('This page has expired; reload it and try again.');
    }
    await enforceRateLimit(deps, rateKey(web.account), 'submit', LIMITS.scanSubmissionsPerMinute);
  };

  app.post('/scans/upload', { onRequest: [admit, refuseDeclaredTooLarge(deps)] }, async (request, reply) => {
    if (!request.isMultipart()) throw badRequest('send the video as multipart/form-data with a "file" part', 'file');
    const watch = new UploadWatch(request, deps.config);
    try {
      const queued = await submitScan(deps, {
        expects: 'upload',
        account: request.webSession!.account,
        receive: async (scanId) => {
          try {
            return await receiveUpload(request, deps, scanId, watch);
          } finally {
            watch.stop();
          }
        },
        log: request.log,
        abandoned: () => watch.cutOff !== null,
      });
      return await reply.code(202).send(queued);
    } catch (error) {
      // A refusal (scans in flight, quota) is answered; what is left of its body is thrown away (http/unread-body.ts).
      if (!watch.cutOff) throw error;
      // A cancelled or stalled upload gets no answer; the use case has given everything back.
      request.log.info({ reason: watch.cutOff }, 'website upload cut off');
      request.raw.destroy();
      return reply;
    }
  });

  app.post('/scans/url', { onRequest: admit, schema: { body: WebUrlBody } }, async (request, reply) => {
    const { url, title } = request.body;
    const submission: ScanSubmission = { type: 'url', url: url.trim(), title: cleanTitle(title) };
    const queued = await submitScan(deps, { expects: 'url', account: request.webSession!.account, receive: async () => submission, log: request.log });
    return reply.code(202).send(queued);
  });

  // The live row's poll: the small status document only (no timeline), no-store.
  app.get('/scans/:id/status', { schema: { params: IdParams } }, async (request, reply) => {
    const web = request.webSession;
    if (!web) throw unauthorized('You are signed out; sign in again to follow your scans.');
    const doc = await deps.scans.getOwned(request.params.id, web.account._id);
    if (!doc) throw notFound('No such scan in your account.');
    return reply.header('cache-control', 'private, no-store').send(liveStatus(doc));
  });
}

/** The API limits submissions per key; the website counts on the account's current key too. */
const rateKey = (account: AccountDoc) => account.key_hash ?? `account:${account._id}`;
