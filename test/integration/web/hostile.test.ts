import { execFile } from 'node:child_process';
import { scryptSync } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_ROTATIONS_PER_HOUR } from '../../../services/account';
import { hashSecret, keyPrefix } from '../../../store/ids';
import { LibraryStore } from '../../../store/library';
import { SessionsStore } from '../../../store/sessions';
import { startService, type Service } from '../helpers/service';
import { insertCompleteScan, insertQueuedScan, shownKey, WebClient } from './helpers';

// Accounts under attack, the demo an operator features, and the edges of the website.
// The proxy is trusted here, so X-Forwarded-For names the client address.

let service: Service;
const SIGNUPS_PER_HOUR = 3;
/** The default; the 30 simultaneous guesses below need all 30. */
const SIGNINS_PER_HOUR = 30;

beforeAll(async () => {
  service = await startService({
    inProcessWorkers: false,
    env: { HOLDLINE_TRUST_PROXY: 'true', HOLDLINE_SIGNUPS_PER_HOUR: String(SIGNUPS_PER_HOUR), HOLDLINE_SIGNINS_PER_HOUR: String(SIGNINS_PER_HOUR) },
  });
});
afterAll(async () => service?.stop());

let emails = 0;
const freshEmail = () => `hostile${Date.now()}-${++emails}@example.com`;
/** A browser behind the trusted proxy at client address `address`. */
const clientAt = (address: string) => {
  const client = new WebClient(service.apiUrl);
  const request = client.request.bind(client);
  client.request = (method, path, init = {}) => request(method, path, { ...init, headers: { 'x-forwarded-for': address, ...init.headers } });
  client.get = (path) => client.request('GET', path);
  client.post = (path, form) => client.request('POST', path, { form });
  return client;
};

async function ownerWithPassword(password: string) {
  const { account } = await service.deps.accounts.create({ email: freshEmail() });
  await new SessionsStore(service.mongo.db).setPassword(account._id, password);
  return account;
}

const works = async (key: string) => (await fetch(`${service.apiUrl}/v1/scans`, { headers: { authorization: `Bearer ${key}` } })).status === 200;

describe('key rotation', () => {
  it('after 10 concurrent rotations exactly one key works, and the account names it', async () => {
    const owner = await ownerWithPassword('owner password 1');
    const browser = clientAt('198.51.100.1');
    expect((await browser.post('/signin', { email: owner.email, password: 'owner password 1' })).status).toBe(303);
    const csrf = await browser.csrf();
    const pages = await Promise.all(Array.from({ length: 10 }, () => browser.post('/account/key', { csrf, password: 'owner password 1' })));
    const keys = pages.map((page) => shownKey(page.text));
    expect(pages.map((page) => page.status)).toEqual(Array(10).fill(200));
    expect(new Set(keys).size).toBe(10);
    const working = [];
    for (const key of keys) if (await works(key!)) working.push(key!);
    expect(working).toHaveLength(1);
    const account = await service.deps.accounts.byId(owner._id);
    expect(account?.key_prefix).toBe(keyPrefix(working[0]!));
    // Ten rotations are the hour's allowance: the next is refused and the working key stays.
    const refused = await browser.post('/account/key', { csrf, password: 'owner password 1' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.text).toContain(`You can rotate your key ${KEY_ROTATIONS_PER_HOUR} times an hour`);
    expect(shownKey(refused.text)).toBeNull();
    expect(await works(working[0]!)).toBe(true);
    expect(await service.mongo.db.collection('api_keys').countDocuments({ account_id: owner._id })).toBe(11);
  });

  it('the maintenance sweep deletes keys revoked before its cutoff, never a live one', async () => {
    const { account, apiKey } = await service.deps.accounts.create({ email: freshEmail() });
    const rotated = await service.deps.accounts.rotateKey(account._id, new Date('2026-01-01T00:00:00Z'));
    const live = await service.deps.accounts.rotateKey(account._id, new Date('2026-01-20T00:00:00Z'));
    const keys = service.mongo.db.collection<{ _id: string; revoked_at?: Date }>('api_keys');
    expect(await keys.countDocuments({ account_id: account._id })).toBe(3);
    // The first key was revoked at the first rotation, the second at the second.
    const deleted = await service.deps.accounts.deleteRevokedKeysBefore(new Date('2026-01-10T00:00:00Z'));
    // This service's database is its own: no other key was revoked that long ago.
    expect(deleted).toBe(1);
    expect(await keys.findOne({ _id: hashSecret(apiKey) })).toBeNull();
    expect(await keys.findOne({ _id: hashSecret(rotated) })).toMatchObject({ revoked_at: new Date('2026-01-20T00:00:00Z') });
    expect(await works(live)).toBe(true);
    await service.deps.accounts.deleteRevokedKeysBefore(new Date('2026-02-01T00:00:00Z'));
    expect(await keys.find({ account_id: account._id }).toArray()).toEqual([expect.objectContaining({ _id: hashSecret(live) })]);
    expect(await works(live)).toBe(true);
  });

  it('concurrent rotations through the store leave only the last applied key', async () => {
    const { account, apiKey } = await service.deps.accounts.create({ email: freshEmail() });
    const keys = await Promise.all(Array.from({ length: 10 }, () => service.deps.accounts.rotateKey(account._id)));
    const live = [];
    for (const key of [apiKey, ...keys]) if (await service.deps.accounts.authenticate(key)) live.push(key);
    expect(live).toHaveLength(1);
    expect((await service.deps.accounts.byId(account._id))?.key_prefix).toBe(keyPrefix(live[0]!));
  });
});

describe('sign-in throttling', () => {
  it("a stranger's 20 failed sign-ins from one address do not stop the owner signing in from another", async () => {
    const owner = await ownerWithPassword('the right password');
    const stranger = clientAt('203.0.113.7');
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await stranger.post('/signin', { email: owner.email, password: `guess ${i}` })).status);
    // Ten failures are answered (the later ones slowly); then the stranger's address is refused.
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(10).fill(429)]);
    const refused = await stranger.post('/signin', { email: owner.email, password: 'the right password' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(stranger.cookie).toBeNull();
    // The proxy appends the real address; an entry the client wrote itself in front of it does not count.
    const spoofing = clientAt('198.51.100.20, 203.0.113.7');
    expect((await spoofing.post('/signin', { email: owner.email, password: 'the right password' })).status).toBe(429);

    const ownerBrowser = clientAt('198.51.100.20');
    const signedIn = await ownerBrowser.post('/signin', { email: owner.email, password: 'the right password' });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('location')).toBe('/scans');
    // Behind a trusted proxy the cookie is Secure.
    expect(signedIn.headers.getSetCookie().find((c) => c.startsWith('hl_session='))).toMatch(/; Secure$/);
    expect((await ownerBrowser.get('/account')).status).toBe(200);
  });

  it('30 simultaneous wrong guesses from one address get at most 10 answers; the rest 429', async () => {
    const owner = await ownerWithPassword('the right password');
    const guesser = clientAt('203.0.113.9');
    const pages = await Promise.all(Array.from({ length: 30 }, (_, i) => guesser.post('/signin', { email: owner.email, password: `guess ${i}` })));
    const statuses = pages.map((page) => page.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
  });

  it(`right passwords count too: ${SIGNINS_PER_HOUR} sign-ins from one address are answered, the next is refused, and the account keeps its 10 newest sessions`, async () => {
    const owner = await ownerWithPassword('the right password');
    const cookies: string[] = [];
    for (let i = 0; i < SIGNINS_PER_HOUR; i++) {
      const browser = clientAt('198.51.100.77');
      expect((await browser.post('/signin', { email: owner.email, password: 'the right password' })).status).toBe(303);
      cookies.push(browser.cookie!);
    }
    const refused = await clientAt('198.51.100.77').post('/signin', { email: owner.email, password: 'the right password' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.getSetCookie()).toEqual([]);

    expect(await service.mongo.db.collection('sessions').countDocuments({ account_id: owner._id })).toBe(10);
    const signedIn = async (cookie: string) => {
      const browser = clientAt('198.51.100.78');
      browser.cookie = cookie;
      return (await browser.get('/account')).status === 200;
    };
    const live: boolean[] = [];
    for (const cookie of cookies) live.push(await signedIn(cookie));
    expect(live).toEqual([...Array(SIGNINS_PER_HOUR - 10).fill(false), ...Array(10).fill(true)]);
    // Thirty scrypt checks one after another: well over a minute on a busy two-core machine.
  }, 300_000);

  it('a password hashed under the old N=2^14 still signs in, and that sign-in stores it under N=2^17', async () => {
    const { account } = await service.deps.accounts.create({ email: freshEmail() });
    const salt = Buffer.from('fixed salt 16 b!');
    const legacy = ['scrypt', 16384, 8, 1, salt.toString('base64'), scryptSync('an old password', salt, 32, { N: 16384, r: 8, p: 1 }).toString('base64')].join(
      '$',
    );
    const accounts = service.mongo.db.collection<{ _id: string; password_hash?: string }>('accounts');
    await accounts.updateOne({ _id: account._id }, { $set: { password_hash: legacy } });
    expect((await clientAt('198.51.100.90').post('/signin', { email: account.email, password: 'wrong password' })).status).toBe(401);
    expect((await accounts.findOne({ _id: account._id }))?.password_hash).toBe(legacy);
    expect((await clientAt('198.51.100.90').post('/signin', { email: account.email, password: 'an old password' })).status).toBe(303);
    const upgraded = (await accounts.findOne({ _id: account._id }))!.password_hash!;
    expect(upgraded).toMatch(/^scrypt\$131072\$8\$1\$/);
    const [, , , , newSalt, hash] = upgraded.split('$');
    expect(scryptSync('an old password', Buffer.from(newSalt!, 'base64'), 32, { N: 131072, r: 8, p: 1, maxmem: 160 * 1024 * 1024 }).toString('base64')).toBe(
      hash,
    );
    expect((await clientAt('198.51.100.90').post('/signin', { email: account.email, password: 'an old password' })).status).toBe(303);
  });

  it('failures for many emails from one address count together', async () => {
    const guesser = clientAt('203.0.113.8');
    for (let i = 0; i < 10; i++) expect((await guesser.post('/signin', { email: freshEmail(), password: 'nope nope' })).status).toBe(401);
    expect((await guesser.post('/signin', { email: freshEmail(), password: 'nope nope' })).status).toBe(429);
  });
});

describe('sign-up throttling', () => {
  it(`allows ${SIGNUPS_PER_HOUR} sign-ups per client address per hour, taken emails included; the next gets 429 and creates nothing`, async () => {
    const address = '203.0.113.50';
    const taken = await ownerWithPassword('the owner password');
    expect((await clientAt(address).post('/signup', { email: taken.email, password: 'a fine password' })).status).toBe(200);
    for (let i = 1; i < SIGNUPS_PER_HOUR; i++)
      expect((await clientAt(address).post('/signup', { email: freshEmail(), password: 'a fine password' })).status).toBe(200);
    const email = freshEmail();
    const refused = await clientAt(address).post('/signup', { email, password: 'a fine password' });
    expect(refused.status).toBe(429);
    expect(refused.text).toContain('Too many sign-ups');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(shownKey(refused.text)).toBeNull();
    expect(await service.deps.accounts.byEmail(email)).toBeNull();
    // Another address is not affected.
    expect((await clientAt('203.0.113.51').post('/signup', { email, password: 'a fine password' })).status).toBe(200);
    expect(await service.deps.accounts.byEmail(email)).not.toBeNull();
  });
});

describe('sign-up races', () => {
  it(`${SIGNUPS_PER_HOUR * 3} simultaneous sign-ups from one address create exactly ${SIGNUPS_PER_HOUR} accounts`, async () => {
    const emailsTried = Array.from({ length: SIGNUPS_PER_HOUR * 3 }, () => freshEmail());
    const pages = await Promise.all(emailsTried.map((email) => clientAt('203.0.113.60').post('/signup', { email, password: 'a fine password' })));
    expect(pages.filter((page) => page.status === 200)).toHaveLength(SIGNUPS_PER_HOUR);
    expect(pages.filter((page) => page.status === 429)).toHaveLength(SIGNUPS_PER_HOUR * 2);
    expect(await service.mongo.db.collection('accounts').countDocuments({ email: { $in: emailsTried } })).toBe(SIGNUPS_PER_HOUR);
  });

  it('five simultaneous sign-ups for one email make exactly one account, all five get the same answer, and no key exists before a sign-in', async () => {
    const email = freshEmail();
    const pages = await Promise.all(
      Array.from({ length: 5 }, (_, i) => clientAt(`192.0.2.${10 + i}`).post('/signup', { email, password: `a fine password ${i}` })),
    );
    expect(pages.map((page) => page.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(pages.map((page) => page.text)).size).toBe(1);
    const accounts = await service.mongo.db.collection('accounts').find({ email }).toArray();
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ key_hash: '', key_prefix: '' });
    expect(await service.mongo.db.collection('api_keys').countDocuments({ account_id: accounts[0]!._id })).toBe(0);
    // Exactly one of the five passwords is the account's: its first sign-in gets the one key.
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push(await clientAt('192.0.2.30').post('/signin', { email, password: `a fine password ${i}` }));
    expect(outcomes.filter((page) => page.status === 200)).toHaveLength(1);
    expect(outcomes.filter((page) => page.status === 401)).toHaveLength(4);
    const key = shownKey(outcomes.find((page) => page.status === 200)!.text)!;
    expect(await works(key)).toBe(true);
    expect(await service.mongo.db.collection('api_keys').countDocuments({ account_id: accounts[0]!._id })).toBe(1);
    expect(
      await service.mongo.db
        .collection('api_keys')
        .countDocuments({ account_id: { $nin: (await service.mongo.db.collection('accounts').find().toArray()).map((a) => a._id) } }),
    ).toBe(0);
  });
});

describe('the demo scan', () => {
  const demo = () => fetch(`${service.apiUrl}/v1/demo`);

  it('is 503 until an operator features a scan; a user publishing does not change it', async () => {
    const user = await service.createAccount();
    const before = await demo();
    expect(before.status).toBe(503);
    expect(await before.json()).toEqual({ detail: expect.stringMatching(/demo/) });

    const chosen = await insertCompleteScan(service, user.accountId, 'Chosen by the operator');
    const library = new LibraryStore(service.mongo.db);
    await library.publish(chosen.scanId, user.accountId, null);
    expect((await demo()).status).toBe(503);

    // The operator's script, as run from a shell against this service's database.
    const run = promisify(execFile);
    const env = { ...process.env, MONGODB_URI: service.workerEnv.MONGODB_URI! };
    const out = await run(process.execPath, ['--import', 'tsx', 'scripts/demo-feature.ts', chosen.scanId], { env });
    expect(out.stdout).toContain(`${chosen.scanId} is featured`);
    const featured = await demo();
    expect(featured.status).toBe(200);
    expect(await featured.json()).toMatchObject({ scan_id: chosen.scanId, status: 'complete', score: chosen.read.score });

    // A newer publication by anyone does not take the front page.
    const otherUser = await service.createAccount();
    const other = await insertCompleteScan(service, otherUser.accountId, 'Not featured');
    expect((await library.publish(other.scanId, otherUser.accountId, null)).outcome).toBe('published');
    expect(((await (await demo()).json()) as { scan_id: string }).scan_id).toBe(chosen.scanId);

    // The script refuses an unknown or unfinished scan and leaves the demo as it was.
    const queued = await insertQueuedScan(service, user.accountId, null);
    await expect(run(process.execPath, ['--import', 'tsx', 'scripts/demo-feature.ts', queued], { env })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('not complete'),
    });
    await expect(run(process.execPath, ['--import', 'tsx', 'scripts/demo-feature.ts', 'scn_000000000000000000000000'], { env })).rejects.toMatchObject({
      code: 1,
    });
    await expect(run(process.execPath, ['--import', 'tsx', 'scripts/demo-feature.ts', '../etc'], { env })).rejects.toMatchObject({ code: 2 });
    expect(((await (await demo()).json()) as { scan_id: string }).scan_id).toBe(chosen.scanId);
  });
});

describe('edges of the website and the lists', () => {
  it.each(['constructor', '__proto__', 'hasOwnProperty', 'toString', 'valueOf', '__defineGetter__'])('GET /assets/%s is 404, not 500', async (name) => {
    const api = await fetch(`${service.apiUrl}/assets/${name}`);
    expect(api.status).toBe(404);
    const page = await fetch(`${service.apiUrl}/assets/${name}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('does not exist');
  });

  it('offset stops at 10 000 on the history and the library; page numbers stop at the same depth', async () => {
    const { apiKey } = await service.createAccount();
    const history = (query: string) => fetch(`${service.apiUrl}/v1/scans${query}`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect((await history('?offset=10000')).status).toBe(200);
    const over = await history('?offset=10001');
    expect(over.status).toBe(400);
    expect(await over.json()).toEqual({ detail: expect.stringMatching(/offset/) });
    expect((await fetch(`${service.apiUrl}/api/library?offset=10000`)).status).toBe(200);
    const libraryOver = await fetch(`${service.apiUrl}/api/library?offset=10001`);
    expect(libraryOver.status).toBe(400);
    expect(await libraryOver.json()).toEqual({ detail: expect.stringMatching(/offset/) });
    expect((await fetch(`${service.apiUrl}/library?page=501`)).status).toBe(200);
    expect((await fetch(`${service.apiUrl}/library?page=502`)).status).toBe(400);
  });

  it.each(['/', '/signin', '/signup', '/library', '/no-such-page'])(
    '%s sends a strict CSP, frame-ancestors none, a referrer policy and nosniff',
    async (path) => {
      const response = await fetch(`${service.apiUrl}${path}`, { headers: { accept: 'text/html' } });
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(response.headers.get('referrer-policy')).toBe('same-origin');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    },
  );
});
