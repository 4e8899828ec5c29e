// GET/PUT /v1/account/retention through app.inject over fakes: 0 (keep for good) and null (the server default) stay apart.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/app';
import { accountWithKey, fakeDeps } from '../fake-deps';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function setUp() {
  const deps = fakeDeps({ HOLDLINE_MEDIA_RETENTION_DAYS: '30' });
  app = await buildApp(deps);
  const { auth } = await accountWithKey(deps);
  const put = (payload: unknown) => app!.inject({ method: 'PUT', url: '/v1/account/retention', headers: auth, payload: payload as Record<string, unknown> });
  const get = () => app!.inject({ method: 'GET', url: '/v1/account/retention', headers: auth });
  return { put, get };
}

describe('PUT /v1/account/retention', () => {
  it('0 keeps videos for good and null follows the server default; each reads back as sent', async () => {
    const { put, get } = await setUp();
    expect((await get()).json()).toEqual({ media_retention_days: null, include_published: false, operator_default_days: 30, effective_days: 30 });
    const keep = await put({ media_retention_days: 0 });
    expect(keep.json()).toEqual({ media_retention_days: 0, include_published: false, operator_default_days: 30, effective_days: null });
    expect((await get()).json()).toEqual(keep.json());
    const byDefault = await put({ media_retention_days: null, include_published: true });
    expect(byDefault.json()).toEqual({ media_retention_days: null, include_published: true, operator_default_days: 30, effective_days: 30 });
    expect((await put({ media_retention_days: 7 })).json()).toEqual({
      media_retention_days: 7,
      include_published: false,
      operator_default_days: 30,
      effective_days: 7,
    });
  });

  it.each([
    [{ media_retention_days: -1 }, 'body/media_retention_days must be >= 0'],
    [{ media_retention_days: 3651 }, 'body/media_retention_days must be <= 3650'],
    [{ media_retention_days: 1.5 }, 'body/media_retention_days must be integer,null'],
    [{ media_retention_days: 'a week' }, 'body/media_retention_days must be integer,null'],
    [{}, "body must have required property 'media_retention_days'"],
    [{ media_retention_days: 3, include_published: 'yes' }, 'body/include_published must be boolean'],
  ])('%j is 400 %j', async (payload, detail) => {
    const { put, get } = await setUp();
    const refused = await put(payload);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail });
    expect((await get()).json()).toMatchObject({ media_retention_days: null });
  });
});
