import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { WebhookTestBody, WebhookTestResult } from '../../core/wire/webhooks';
import type { AppDeps } from '../../services/ports';
import { sendTestWebhook } from '../../services/test-webhook';
import { requireKey } from '../auth';
import { ErrorBody } from '../../core/wire/common';

/** `POST /v1/webhooks/test` (services/test-webhook.ts): one signed `webhook.test` event to a receiver, and its answer. */
export async function webhookRoutes(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/v1/webhooks/test',
    {
      onRequest: [requireKey(deps)],
      schema: {
        summary: 'Send a test event to a webhook receiver',
        description:
          "Sends one `webhook.test` event, signed with the account's webhook secret exactly as a scan's end is (Standard Webhooks headers), to `url`, " +
          'through the same delivery path and public-address rule, in one attempt without retries, and answers with what the receiver said. ' +
          "Counts against the key's per-minute submissions.",
        body: WebhookTestBody,
        response: { 200: WebhookTestResult, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) =>
      sendTestWebhook(deps, {
        accountId: request.account._id,
        keyHash: request.keyHash,
        url: request.body.url,
        requestId: request.id,
        report: (window) => {
          request.rateWindow = window;
        },
      }),
  );
}
