// A service with no model server configured (MODEL_BASE_URL=off): the chat is refused
// with a sentence saying what to set, the models say they are unavailable (and the
// official client still reads the list), and the service stays ready for scans.
import OpenAI, { APIError } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_NOT_CONFIGURED_MESSAGE } from '../../../api/upstream-health';
import { startService, type Service } from '../helpers/service';

let service: Service;
let apiKey: string;

beforeAll(async () => {
  service = await startService({ inProcessWorkers: false, env: { MODEL_BASE_URL: 'off' } });
  ({ apiKey } = await service.createAccount());
});
afterAll(async () => service?.stop());

describe('chat without a model server', () => {
  it('answers 503 model_unavailable naming what to set, and charges nothing', async () => {
    const response = await fetch(`${service.apiUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'holdline', messages: [{ role: 'user', content: 'hello' }] }),
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: { message: MODEL_NOT_CONFIGURED_MESSAGE, type: 'server_error', param: null, code: 'model_unavailable' } });
    const usage = (await (await fetch(`${service.apiUrl}/v1/usage`, { headers: { authorization: `Bearer ${apiKey}` } })).json()) as {
      calls_this_month: number;
    };
    expect(usage.calls_this_month).toBe(0);
  });

  it('lists the models as unavailable, and the official openai client still reads the list', async () => {
    const openai = new OpenAI({ baseURL: `${service.apiUrl}/v1`, apiKey, maxRetries: 0 });
    const models = await openai.models.list();
    expect(models.data.map((model) => [model.id, (model as unknown as { available: boolean }).available])).toEqual([['holdline', false]]);
    const refused = await openai.chat.completions
      .create({ model: 'holdline', messages: [{ role: 'user', content: 'hello' }] })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(APIError);
    expect((refused as APIError).status).toBe(503);
    expect((refused as APIError).code).toBe('model_unavailable');
  });

  it('stays ready, reporting the model as not configured', async () => {
    const response = await fetch(`${service.apiUrl}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ mongodb: 'ok', temporal: 'ok', model: 'not configured' });
  });
});
