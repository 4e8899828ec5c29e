import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LibraryStore } from '../../../store/library';
import { MediaStore } from '../../../store/media';
import { startService, type Service } from '../helpers/service';
import { SIGNED_UP_NOTICE } from '../../../web/routes/account';
import { insertCompleteScan, insertQueuedScan, shownKey, signUpAndSignIn, WebClient } from './helpers';

let service: Service;

beforeAll(async () => {
  // Every test here signs up and in from loopback; the throttles have their own tests.
  service = await startService({ inProcessWorkers: false, env: { HOLDLINE_SIGNUPS_PER_HOUR: '1000', HOLDLINE_SIGNINS_PER_HOUR: '1000' } });
});
afterAll(async () => {
  await service?.stop();
});

let emails = 0;
const freshEmail = () => `user${Date.now()}-${++emails}@example.com`;

/** Signs up through the form and signs in as its answer asks; `page` is the first sign-in's answer (the account page with the key). */
async function signUp(email = freshEmail(), password = 'correct horse battery') {
  const client = new WebClient(service.apiUrl);
  const { signup, signin, key } = await signUpAndSignIn(client, email, password);
  const account = await service.deps.accounts.byEmail(email);
  return { client, signup, page: signin, email, password, accountId: account?._id ?? '', key };
}

async function putMedia(scanId: string) {
  const bytes = Buffer.from('0123456789abcdef');
  await service.deps.media.put(service.deps.media.media, MediaStore.mediaId(scanId), Readable.from([bytes]), { filename: 'upload', contentType: 'video/mp4' });
  // The served type is the one the probe records on the scan, never the stored upload's declared type.
  await service.mongo.db.collection('scans').updateOne({ _id: scanId as never }, { $set: { media_type: 'video/mp4' } });
}

interface LibraryPage {
  data: { scan_id: string; title: string }[];
  limit: number;
  offset: number;
  total: number;
  has_more: boolean;
}
const libraryPage = async (query: string) => (await (await fetch(`${service.apiUrl}/api/library${query}`)).json()) as LibraryPage;

const listScans = (key: string) => fetch(`${service.apiUrl}/v1/scans`, { headers: { authorization: `Bearer ${key}` } });

describe('sign-up, sign-in and the account page', () => {
  it('the first sign-in after sign-up shows the key in full once, the account page later only its prefix, and the key works on GET /v1/scans', async () => {
    const { client, signup, page, key } = await signUp();
    // The sign-up itself signs nobody in and shows no key: it asks for a sign-in.
    expect(signup.status).toBe(200);
    expect(signup.headers.getSetCookie()).toEqual([]);
    expect(shownKey(signup.text)).toBeNull();
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(key).toMatch(/^sk_sig_[0-9A-Za-z]{40}$/);
    const cookie = page.headers.getSetCookie().find((c) => c.startsWith('hl_session='))!;
    expect(cookie).toMatch(/^hl_session=[0-9a-f]{64}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000$/);

    const later = await client.get('/account');
    expect(later.status).toBe(200);
    expect(shownKey(later.text)).toBeNull();
    expect(later.text).not.toContain(key!);
    expect(later.text).toContain(`<code id="key-prefix">${key!.slice(0, 11)}…</code>`);

    const history = await listScans(key!);
    expect(history.status).toBe(200);
    expect(await history.json()).toEqual({ data: [], limit: 20, offset: 0, total: 0, has_more: false, next_cursor: null });
  });

  it('stores only a scrypt hash (N=2^17, r=8, p=1) of the password and a sha256 of the session token', async () => {
    const { client, password, accountId } = await signUp();
    const doc = await service.mongo.db.collection('accounts').findOne({ _id: accountId as never });
    expect(doc?.password_hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(JSON.stringify(doc)).not.toContain(password);
    const token = client.cookie!.slice('hl_session='.length);
    const sessions = await service.mongo.db.collection('sessions').find({ account_id: accountId }).toArray();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!._id).not.toBe(token);
    expect(sessions[0]!._id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers a sign-up with a taken email exactly as one with a new email, and changes nothing of the existing account', async () => {
    const { email, password, accountId } = await signUp();
    const before = await service.mongo.db.collection('accounts').findOne({ _id: accountId as never });
    const keysBefore = await service.mongo.db.collection('api_keys').countDocuments({ account_id: accountId });
    const taken = await new WebClient(service.apiUrl).post('/signup', { email: email.toUpperCase(), password: 'another password' });
    const freshAddress = freshEmail();
    const fresh = await new WebClient(service.apiUrl).post('/signup', { email: freshAddress, password: 'another password' });
    expect(taken.status).toBe(200);
    expect(fresh.status).toBe(200);
    // The same page but for the email echoed into the form.
    expect(taken.text.replace(email, 'EMAIL')).toBe(fresh.text.replace(freshAddress, 'EMAIL'));
    expect(taken.text).toContain(SIGNED_UP_NOTICE.replace("'", '&#39;'));
    expect(taken.headers.getSetCookie()).toEqual([]);
    expect(shownKey(taken.text)).toBeNull();
    expect(await service.mongo.db.collection('accounts').findOne({ _id: accountId as never })).toEqual(before);
    expect(await service.mongo.db.collection('api_keys').countDocuments({ account_id: accountId })).toBe(keysBefore);
    expect(await service.mongo.db.collection('accounts').countDocuments({ email })).toBe(1);
    // The owner's password still signs in; the one sent with the second sign-up does not.
    expect((await new WebClient(service.apiUrl).post('/signin', { email, password })).status).toBe(303);
    expect((await new WebClient(service.apiUrl).post('/signin', { email, password: 'another password' })).status).toBe(401);
    // The new email got an account with no key until its first sign-in.
    expect(await service.mongo.db.collection('accounts').findOne({ email: freshAddress })).toMatchObject({ key_hash: '', key_prefix: '' });
  });

  it('refuses a short password and a malformed email', async () => {
    expect((await new WebClient(service.apiUrl).post('/signup', { email: freshEmail(), password: 'short' })).status).toBe(400);
    expect((await new WebClient(service.apiUrl).post('/signup', { email: 'not-an-email', password: 'long enough' })).status).toBe(400);
  });

  it('signs out (the old cookie stops working) and signs in again with the password', async () => {
    const { client, email, password } = await signUp();
    const oldCookie = client.cookie;
    const out = await client.post('/signout', { csrf: await client.csrf() });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/');
    expect(client.cookie).toBeNull();

    const stale = new WebClient(service.apiUrl);
    stale.cookie = oldCookie;
    const refused = await stale.get('/account');
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe('/signin');

    const signin = await client.post('/signin', { email, password });
    expect(signin.status).toBe(303);
    expect(signin.headers.get('location')).toBe('/scans');
    expect(client.cookie).not.toBe(oldCookie);
    const account = await client.get('/account');
    expect(account.status).toBe(200);
    expect(account.text).toContain(email);
  });

  it('a wrong password or an unknown email gives 401 and no session', async () => {
    const { email } = await signUp();
    const client = new WebClient(service.apiUrl);
    const wrong = await client.post('/signin', { email, password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain('Wrong email or password.');
    expect(client.cookie).toBeNull();
    const unknown = await client.post('/signin', { email: freshEmail(), password: 'whatever it is' });
    expect(unknown.status).toBe(401);
    expect(client.cookie).toBeNull();
  });

  it('switches the plan between Signal and Agents, and GET /v1/usage follows', async () => {
    const { client, key } = await signUp();
    expect((await client.get('/account')).text).toContain('<strong id="plan">Signal</strong>');
    const csrf = await client.csrf();
    const toAgents = await client.post('/account/plan', { csrf, plan: 'agents' });
    expect(toAgents.status).toBe(303);
    const page = await client.get('/account');
    expect(page.text).toContain('<strong id="plan">Agents</strong>');
    expect(page.text).toContain('<td id="usage-scans">0 used, 50 left of 50</td>');
    expect(page.text).toContain('<td id="usage-calls">0 used, 25 left of 25</td>');
    const usage = await fetch(`${service.apiUrl}/v1/usage`, { headers: { authorization: `Bearer ${key}` } });
    expect(await usage.json()).toMatchObject({ plan: 'agents', scans_left: 50, calls_left: 25 });
    expect((await client.post('/account/plan', { csrf, plan: 'gold' })).status).toBe(400);
    await client.post('/account/plan', { csrf, plan: 'signal' });
    expect((await client.get('/account')).text).toContain('<strong id="plan">Signal</strong>');
  });

  it('a form post without the session CSRF token or from another origin changes nothing', async () => {
    const { client, accountId } = await signUp();
    const noToken = await client.post('/account/plan', { plan: 'agents' });
    expect(noToken.status).toBe(400);
    const csrf = await client.csrf();
    const foreign = await client.request('POST', '/account/plan', { form: { csrf, plan: 'agents' }, headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(400);
    expect((await service.deps.accounts.byId(accountId))?.plan).toBe('signal');
  });

  it('rotating the key asks for the password; then shows the new key once; the old key gets 401, the new one works', async () => {
    const { client, key, password } = await signUp();
    const page = await client.get('/account');
    expect(page.text).toMatch(/<form method="post" action="\/account\/key">[^]*?<input type="password" name="password"/);
    const missing = await client.post('/account/key', { csrf: await client.csrf() });
    expect(missing.status).toBe(400);
    expect(missing.text).toContain('Enter your password to rotate the key. Your key is unchanged.');
    const wrong = await client.post('/account/key', { csrf: await client.csrf(), password: 'not the password' });
    expect(wrong.status).toBe(403);
    expect(wrong.text).toContain('That is not your password. Your key is unchanged.');
    expect(shownKey(wrong.text)).toBeNull();
    expect((await listScans(key!)).status).toBe(200);
    const rotated = await client.post('/account/key', { csrf: await client.csrf(), password });
    expect(rotated.status).toBe(200);
    const newKey = shownKey(rotated.text);
    expect(newKey).toMatch(/^sk_sig_/);
    expect(newKey).not.toBe(key);
    expect((await listScans(key!)).status).toBe(401);
    expect((await listScans(newKey!)).status).toBe(200);
    const later = await client.get('/account');
    expect(shownKey(later.text)).toBeNull();
    expect(later.text).toContain(`<code id="key-prefix">${newKey!.slice(0, 11)}…</code>`);
  });

  it('pages that need a session redirect to sign-in', async () => {
    const anonymous = new WebClient(service.apiUrl);
    for (const path of ['/account', '/scans', '/scans/scn_000000000000000000000000']) {
      const response = await anonymous.get(path);
      expect(response.status, path).toBe(303);
      expect(response.headers.get('location')).toBe('/signin');
    }
  });

  it('an unknown page is a 404 page for a browser and a {detail} body for an API client', async () => {
    const page = await fetch(`${service.apiUrl}/no-such-page`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('This page does not exist.');
    const api = await fetch(`${service.apiUrl}/v1/no-such-route`, { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ detail: 'no route GET /v1/no-such-route' });
  });
});

describe('publishing and the library', () => {
  it("POST /api/scans/{id}/publish: 401 without a session, 404 for another account's scan, 409 while queued, 200 when complete", async () => {
    const owner = await signUp();
    const stranger = await signUp();
    const { scanId } = await insertCompleteScan(service, owner.accountId, 'Kitchen test');
    const queuedId = await insertQueuedScan(service, owner.accountId, null);

    const anonymous = await new WebClient(service.apiUrl).request('POST', `/api/scans/${scanId}/publish`, { json: {} });
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.text)).toEqual({ detail: 'sign in first: this needs a signed-in session' });

    const notYours = await stranger.client.request('POST', `/api/scans/${scanId}/publish`, { json: {} });
    expect(notYours.status).toBe(404);
    expect(JSON.parse(notYours.text)).toEqual({ detail: `no scan ${scanId}` });

    const queued = await owner.client.request('POST', `/api/scans/${queuedId}/publish`, { json: {} });
    expect(queued.status).toBe(409);
    expect(JSON.parse(queued.text).detail).toContain('not complete');

    const form = await owner.client.request('POST', `/api/scans/${scanId}/publish`, { form: { title: 'x' } });
    expect(form.status).toBe(400);

    const before = Date.now();
    const published = await owner.client.request('POST', `/api/scans/${scanId}/publish`, { json: { title: '  Kitchen, published  ' } });
    expect(published.status).toBe(200);
    const body = JSON.parse(published.text);
    expect(body).toEqual({ scan_id: scanId, title: 'Kitchen, published', published_at: expect.any(String), url: `/library/${scanId}` });
    expect(Date.parse(body.published_at)).toBeGreaterThanOrEqual(before - 1000);

    // Publishing again renames and keeps the first publication time.
    const renamed = JSON.parse((await owner.client.request('POST', `/api/scans/${scanId}/publish`, { json: { title: 'Renamed' } })).text);
    expect(renamed).toEqual({ ...body, title: 'Renamed' });
  });

  it('GET /api/library lists published scans newest first, paginated, without a key', async () => {
    const owner = await signUp();
    const first = await insertCompleteScan(service, owner.accountId, 'First');
    const second = await insertCompleteScan(service, owner.accountId, null);
    const unpublished = await insertCompleteScan(service, owner.accountId, 'Private');
    await owner.client.request('POST', `/api/scans/${first.scanId}/publish`, { json: {} });
    await owner.client.request('POST', `/api/scans/${second.scanId}/publish`, { json: {} });

    const page1 = await libraryPage('?limit=1');
    const total = page1.total;
    expect(page1).toMatchObject({ limit: 1, offset: 0, has_more: true });
    expect(page1.data).toEqual([
      {
        scan_id: second.scanId,
        title: 'Untitled scan',
        published_at: expect.any(String),
        score: second.read.score,
        grade: second.read.grade,
        label: second.read.label,
        duration_sec: 24,
        url: `/library/${second.scanId}`,
      },
    ]);
    const page2 = await libraryPage('?limit=1&offset=1');
    expect(page2.data[0]!.scan_id).toBe(first.scanId);
    expect(page2.data[0]!.title).toBe('First');
    const all = await libraryPage('?limit=100');
    expect(all.data.map((d) => d.scan_id)).not.toContain(unpublished.scanId);
    expect(all.total).toBe(total);
    expect(all.has_more).toBe(false);
    expect((await fetch(`${service.apiUrl}/api/library?limit=0`)).status).toBe(400);

    const html = await (await fetch(`${service.apiUrl}/library`)).text();
    expect(html.indexOf(`/library/${second.scanId}`)).toBeLessThan(html.indexOf(`/library/${first.scanId}`));
    expect(html).not.toContain(unpublished.scanId);

    // The home page links the featured scan, not the newest publication.
    await new LibraryStore(service.mongo.db).feature(first.scanId);
    const home = await (await fetch(`${service.apiUrl}/`)).text();
    expect(home).toContain(`<a class="button" href="/library/${first.scanId}">See a demo scan</a>`);
    expect(home).not.toContain(`/library/${second.scanId}`);
    expect(home).toContain('<a href="/signup" class="button">Sign up</a>');
  });

  it('the scan page carries the plot data and the read, escapes the title, and is 404 for another account', async () => {
    const owner = await signUp();
    const stranger = await signUp();
    const title = '<script>alert("x")</script> & more';
    const { scanId, read } = await insertCompleteScan(service, owner.accountId, title);
    const page = await owner.client.get(`/scans/${scanId}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.text).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more');
    expect(page.text).not.toContain('<script>alert');
    expect(page.text).toContain('<script src="/assets/plot.js" defer></script>');
    expect(page.text).toContain('<div id="plot"');
    const data = JSON.parse(/<script type="application\/json" id="plot-data">(.*?)<\/script>/s.exec(page.text)![1]!);
    expect(data.series.hold).toEqual(read.timeline.map((e) => e.scores.hold));
    expect(data.series.speech).toEqual(read.timeline.map((e) => e.scores.speech));
    expect(data.cuts).toEqual([10]);
    expect(data.dead).toEqual(read.dead);
    expect(read.dead.length).toBeGreaterThan(0);
    expect(page.text).toContain(`<span class="grade" id="grade">${read.grade}</span>`);
    expect(page.text).toContain(`<span class="number" id="score">${read.score}</span>`);
    expect(page.text).toContain('studies show this method doubles your speed');
    // No media stored for this scan: no player that would spin forever.
    expect(page.text).not.toContain('<video');
    expect(page.text).toContain(`action="/scans/${scanId}/publish"`);
    for (const moment of read.moments) expect(page.text).toContain(`data-seek="${moment.second}"`);

    const notYours = await stranger.client.get(`/scans/${scanId}`);
    expect(notYours.status).toBe(404);
    expect(notYours.text).not.toContain(scanId.slice(4));
    expect((await new WebClient(service.apiUrl).get(`/library/${scanId}`)).status).toBe(404);

    const asset = await fetch(`${service.apiUrl}/assets/plot.js`);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('the owner plays the media through the session with byte ranges; others get 404', async () => {
    const owner = await signUp();
    const { scanId } = await insertCompleteScan(service, owner.accountId, null);
    await putMedia(scanId);
    const page = await owner.client.get(`/scans/${scanId}`);
    expect(page.text).toContain(`<video id="player" controls preload="metadata" src="/scans/${scanId}/media"></video>`);
    const part = await fetch(`${service.apiUrl}/scans/${scanId}/media`, { headers: { cookie: owner.client.cookie!, range: 'bytes=2-5' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-5/16');
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(await part.text()).toBe('2345');
    expect((await fetch(`${service.apiUrl}/scans/${scanId}/media`)).status).toBe(404);
    expect((await fetch(`${service.apiUrl}/v1/scans/${scanId}/media`)).status).toBe(401);
  });

  it('the publish form puts the scan in the library; its public page has the read and the public media URL', async () => {
    const owner = await signUp();
    const { scanId, read } = await insertCompleteScan(service, owner.accountId, null);
    await putMedia(scanId);
    const posted = await owner.client.post(`/scans/${scanId}/publish`, { csrf: await owner.client.csrf(), title: 'Public <kitchen>' });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(`/scans/${scanId}`);
    const ownerPage = await owner.client.get(`/scans/${scanId}`);
    expect(ownerPage.text).toContain(`<a href="/library/${scanId}">public page</a>`);

    const visitor = await fetch(`${service.apiUrl}/library/${scanId}`);
    expect(visitor.status).toBe(200);
    const html = await visitor.text();
    expect(html).toContain('<h1>Public &lt;kitchen&gt;</h1>');
    expect(html).toContain(`<video id="player" controls preload="metadata" src="/v1/scans/${scanId}/media"></video>`);
    const media = await fetch(`${service.apiUrl}/v1/scans/${scanId}/media`);
    expect(media.status).toBe(200);
    expect(await media.text()).toBe('0123456789abcdef');
    expect(html).toContain(read.summary.replace(/&/g, '&amp;'));
    expect(html).not.toContain('name="csrf"');
    expect(html).not.toContain(`action="/scans/${scanId}/publish"`);
  });
});
