import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthPeriod } from '../../../core/plans';
import { RecutsStore } from '../../../store/recuts';
import { insertFinishedRecut } from '../helpers/recuts';
import { startService, type Service } from '../helpers/service';
import { insertCompleteScan, signUpAndSignIn, WebClient } from '../web/helpers';

// The recut agent on the website: the form on a complete scan's page (Agents plan only),
// its refusals as pages, and the recut's page. No worker runs: a posted recut stays queued.

let service: Service;
let n = 0;

beforeAll(async () => {
  service = await startService({ inProcessWorkers: false, env: { HOLDLINE_SIGNINS_PER_HOUR: '1000' } });
});
afterAll(async () => service?.stop());

async function signUp(plan: 'signal' | 'agents') {
  const email = `recut-web-${Date.now()}-${n++}@example.com`;
  const client = new WebClient(service.apiUrl);
  expect((await signUpAndSignIn(client, email, 'correct horse battery')).signin.status).toBe(200);
  const account = (await service.deps.accounts.byEmail(email))!;
  await service.deps.accounts.setPlan(account._id, plan);
  return { client, accountId: account._id };
}

const usedScans = async (accountId: string) =>
  ((await service.mongo.db.collection('usage').findOne({ _id: `${accountId}:${monthPeriod(new Date()).key}` as never })) as { scans?: number } | null)?.scans ??
  0;

describe('the recut form', () => {
  it("is offered on an Agents account's complete scan and queues a recut with the goal and maximum", async () => {
    const { client, accountId } = await signUp('agents');
    const { scanId } = await insertCompleteScan(service, accountId, 'kitchen');
    const page = await client.get(`/scans/${scanId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`action="/scans/${scanId}/recut"`);
    expect(page.text).toContain('Propose a recut');
    const csrf = await client.csrf();
    expect((await client.post(`/scans/${scanId}/recut`, { goal: 'shorter' })).status).toBe(400);
    expect((await client.post(`/scans/${scanId}/recut`, { csrf, max_seconds: 'soon' })).status).toBe(400);
    expect(await usedScans(accountId)).toBe(0);
    const posted = await client.post(`/scans/${scanId}/recut`, { csrf, goal: ' under 15 s ', max_seconds: '12' });
    expect(posted.status).toBe(303);
    const recutId = /^\/recuts\/(rct_[0-9a-f]{24})$/.exec(posted.headers.get('location') ?? '')?.[1];
    expect(recutId).toBeDefined();
    expect(await new RecutsStore(service.mongo.db).get(recutId!)).toMatchObject({
      parent_scan_id: scanId,
      goal: 'under 15 s',
      max_seconds: 12,
      status: 'queued',
    });
    expect(await usedScans(accountId)).toBe(1);
    const progress = await client.get(`/recuts/${recutId}`);
    expect(progress.status).toBe(200);
    expect(progress.text).toContain('id="progress"');
    expect(progress.headers.get('content-security-policy')).toContain("script-src 'self'");
    // The scan page lists it.
    expect((await client.get(`/scans/${scanId}`)).text).toContain(`href="/recuts/${recutId}"`);
  });

  it('tells a Signal account which plan has the agent, and refuses its post with 403', async () => {
    const { client, accountId } = await signUp('signal');
    const { scanId } = await insertCompleteScan(service, accountId, null);
    const page = await client.get(`/scans/${scanId}`);
    expect(page.text).not.toContain('Propose a recut');
    expect(page.text).toContain('part of the Agents plan');
    const refused = await client.post(`/scans/${scanId}/recut`, { csrf: await client.csrf() });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('Agents plan');
    expect(await usedScans(accountId)).toBe(0);
    expect(await service.mongo.db.collection('recuts').countDocuments({ account_id: accountId })).toBe(0);
  });

  it('sends a visitor without a session to sign in', async () => {
    const response = await new WebClient(service.apiUrl).post('/scans/scn_000000000000000000000000/recut', {});
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/signin');
  });
});

describe('the recut page', () => {
  it("shows the kept segments over the original's hold, both curves, the figures and the video; only to its owner", async () => {
    const { client, accountId } = await signUp('agents');
    const parent = await insertCompleteScan(service, accountId, 'kitchen');
    const child = await insertCompleteScan(service, accountId, 'kitchen (recut)');
    await service.deps.media.put(service.deps.media.media, `media:${child.scanId}`, Readable.from([Buffer.from('not really a video')]), {
      filename: 'recut.mp4',
      contentType: 'video/mp4',
    });
    const { recutId, figures } = await insertFinishedRecut(service, { accountId, parent, child, rationale: 'Drop the <still> part.' });
    const page = await client.get(`/recuts/${recutId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('proposed by the rules');
    expect(page.text).toContain('Drop the &lt;still&gt; part.');
    expect(page.text.match(/<svg /g)).toHaveLength(3);
    expect(page.text.match(/<rect /g)).toHaveLength(2);
    expect(page.text).toContain(`src="/scans/${child.scanId}/media"`);
    expect(page.text).toContain('id="figures"');
    expect(page.text).toContain(`<th>Score</th><td>${figures.before.score}</td><td>${figures.after.score}</td>`);
    const stranger = await signUp('agents');
    expect((await stranger.client.get(`/recuts/${recutId}`)).status).toBe(404);
  });
});
