// The editor timelines' media URL (issue 33 item 10): at the configured public origin,
// else at the API's own listen address, never at the Host header the client sent.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/app';
import { listenOrigin } from '../../../api/routes/exports';
import { ConfigError, loadConfig, publicOriginOf } from '../../../config/env';
import { accountWithKey, fakeDeps, scanDocFixture } from '../fake-deps';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function exported(env: Record<string, string>, format: 'otio' | 'fcpxml') {
  const deps = fakeDeps(env);
  app = await buildApp(deps);
  const { account, auth } = await accountWithKey(deps);
  scanDocFixture(deps, { scanId: 'scn_origin', accountId: account._id, status: 'complete' });
  const response = await app.inject({
    url: `/v1/scans/scn_origin/export?format=${format}`,
    headers: { ...auth, host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('the media URL inside OTIO (FCPXML names the file only)', () => {
  it.each(['otio'] as const)('%s: the configured public origin, whatever Host the request carried', async (format) => {
    const body = await exported({ HOLDLINE_PUBLIC_ORIGIN: 'https://holdline.example.com/' }, format);
    expect(body).toContain('https://holdline.example.com/v1/scans/scn_origin/media');
    expect(body).not.toContain('evil.example');
  });

  it.each(['otio'] as const)('%s: without one, the listen address, never the Host header', async (format) => {
    const body = await exported({ HOST: '0.0.0.0', PORT: '8123' }, format);
    expect(body).toContain('http://localhost:8123/v1/scans/scn_origin/media');
    expect(body).not.toContain('evil.example');
  });

  it('fcpxml: the media is the source file by its name, no URL of any origin', async () => {
    const body = await exported({ HOLDLINE_PUBLIC_ORIGIN: 'https://holdline.example.com/' }, 'fcpxml');
    expect(body).toMatch(/<media-rep kind="original-media" src="[^":/]+"\/>/);
    expect(body).not.toContain('/v1/scans/scn_origin/media');
    expect(body).not.toContain('evil.example');
  });

  it('listenOrigin writes wildcard hosts as localhost and IPv6 in brackets', () => {
    expect([listenOrigin('0.0.0.0', 80), listenOrigin('::', 81), listenOrigin('::1', 82), listenOrigin('127.0.0.1', 83)]).toEqual([
      'http://localhost:80',
      'http://localhost:81',
      'http://[::1]:82',
      'http://127.0.0.1:83',
    ]);
  });

  it('HOLDLINE_PUBLIC_ORIGIN takes an http(s) origin and nothing more', () => {
    expect(publicOriginOf('')).toEqual({ ok: true, origin: null });
    expect(publicOriginOf('https://Holdline.example.com:8443/')).toEqual({ ok: true, origin: 'https://holdline.example.com:8443' });
    for (const bad of ['holdline.example.com', 'ftp://x.example', 'https://x.example/api', 'https://u:p@x.example', 'https://x.example/?a=1']) {
      expect(publicOriginOf(bad).ok, bad).toBe(false);
    }
    expect(() => loadConfig({ HOLDLINE_MEDIA_DIR: '/x', HOLDLINE_PUBLIC_ORIGIN: 'https://x.example/api' })).toThrow(ConfigError);
  });
});
