import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { DomainError } from '../../core/errors';
import { signalsReference } from '../../core/method';
import type { AppDeps } from '../../services/ports';
import { scanView } from '../../services/scan-view';
import { countPublicRead } from '../auth';
import { ErrorBody } from '../../core/wire/common';
import { ScanViewBody, SignalsReference } from '../../core/wire/read';
import { ReadinessBody } from '../../core/wire/chat';

const Liveness = Type.Object({ ok: Type.Boolean({ description: 'Always true: the API process answers.' }) }, { title: 'Liveness' });

/** Keyless routes: health, the signal reference and the demo scan. */
export async function publicRoutes(scope: FastifyInstance, deps: AppDeps) {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/healthz', { schema: { response: { 200: Liveness } } }, async () => ({ ok: true }));

  app.get(
    '/readyz',
    {
      schema: {
        response: {
          200: ReadinessBody,
          503: ErrorBody,
        },
      },
    },
    async () => {
      const [mongo, temporal, model] = await Promise.allSettled([deps.readiness.mongodb(), deps.readiness.temporal(), deps.upstream.state()]);
      const down = [mongo.status === 'rejected' ? 'MongoDB' : null, temporal.status === 'rejected' ? 'Temporal' : null].filter(Boolean);
      if (down.length > 0) throw new DomainError('unavailable', `not ready: ${down.join(' and ')} unreachable`);
      // The model is reported, not required: the signal interface serves without one.
      const state = model.status === 'fulfilled' ? model.value : 'unavailable';
      const detail = deps.upstream.unavailableReason;
      return { mongodb: 'ok' as const, temporal: 'ok' as const, model: detail ? ('unavailable' as const) : state, ...(detail ? { model_detail: detail } : {}) };
    },
  );

  app.get('/v1/signals', { schema: { response: { 200: SignalsReference } } }, async () => signalsReference());

  // The demo is the scan an operator featured (`npm run demo:feature`), never simply the latest publication.
  app.get(
    '/v1/demo',
    { onRequest: (request) => countPublicRead(deps, request), schema: { response: { 200: ScanViewBody, 429: ErrorBody, 503: ErrorBody } } },
    async () => {
      const doc = await deps.library.featured();
      if (!doc) throw new DomainError('unavailable', 'the demo scan is not ready yet; try again shortly');
      return scanView(doc);
    },
  );
}
