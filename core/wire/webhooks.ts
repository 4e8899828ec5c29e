// Wire shapes of `POST /v1/webhooks/test`: the request and what the receiver answered.
import { Type, type Static } from 'typebox';
import { WEBHOOK_URL_MAX_LENGTH } from './constants';

export const WebhookTestBody = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: WEBHOOK_URL_MAX_LENGTH,
      description: 'Public http(s) URL of the receiver; the same address rule as `webhook_url` on POST /v1/scans.',
    }),
  },
  { title: 'WebhookTestRequest', additionalProperties: false },
);
export type WebhookTestBody = Static<typeof WebhookTestBody>;

export const WebhookTestResult = Type.Object(
  {
    type: Type.Literal('webhook.test', { description: '`webhook.test`.' }),
    webhook_id: Type.String({ description: 'The `webhook-id` header the event was sent with: `msg_test_…`, new for every test.' }),
    url: Type.String({ description: 'The receiver, as normalised and checked.' }),
    delivered: Type.Boolean({ description: "True when the receiver answered 2xx, which is what a scan's delivery needs." }),
    status: Type.Union([Type.Integer(), Type.Null()], { description: "The receiver's HTTP status, or null when no answer came." }),
    detail: Type.Optional(Type.String({ description: 'Why the event was not delivered (the status, or why no answer came).' })),
  },
  { title: 'WebhookTestResult', description: 'What the receiver answered to the test event.', additionalProperties: false },
);
export type WebhookTestResult = Static<typeof WebhookTestResult>;
