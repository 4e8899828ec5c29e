// GET /v1/scans/{id}/export?format=edl&record_start= (issue 32 item 5): the EDL's record
// side starts where asked (01:00:00:00 without it); a bad one, or one off the EDL, is 400 {detail}.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/app';
import { accountWithKey, fakeDeps, scanDocFixture } from '../fake-deps';

let app: FastifyInstance;
let auth: Record<string, string>;

beforeAll(async () => {
  const deps = fakeDeps();
  app = await buildApp(deps);
  const owner = await accountWithKey(deps);
  auth = owner.auth;
  scanDocFixture(deps, { scanId: 'scn_edl', accountId: owner.account._id, status: 'complete' }, { frame_rate: 25, cut_frames: [38] });
});
afterAll(async () => {
  await app.close();
});

const get = (query: string) => app.inject({ url: `/v1/scans/scn_edl/export?${query}`, headers: auth });

describe('the scan EDL record_start parameter', () => {
  it('moves the record side; without it the record side starts at 01:00:00:00', async () => {
    expect((await get('format=edl')).body).toMatch(/^001 .* 00:00:00:00 00:00:01:13 01:00:00:00 01:00:01:13\r$/m);
    const moved = await get('format=edl&record_start=00:59:50:00');
    expect(moved.statusCode).toBe(200);
    expect(moved.body).toMatch(/^001 .* 00:00:00:00 00:00:01:13 00:59:50:00 00:59:51:13\r$/m);
    expect(moved.body).toMatch(/^002 .* 00:00:01:13 00:00:03:00 00:59:51:13 00:59:53:00\r$/m);
  });

  it('refuses a timecode the rate cannot hold, a non-timecode, and record_start with another format, naming it', async () => {
    for (const query of ['format=edl&record_start=01:00:00:25', 'format=edl&record_start=1h', 'format=srt&record_start=01:00:00:00']) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().detail, query).toContain('record_start');
    }
  });
});
