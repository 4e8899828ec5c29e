import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArchiveManifest } from '../../../core/wire/export';
import { MediaStore } from '../../../store/media';
import { startService, type Service } from '../helpers/service';
import { insertCompleteScan, signUpAndSignIn, WebClient } from '../web/helpers';

// The password, the sessions, the closure, the retention setting and the archive on the real
// stack: PUT /v1/account/password with a key, `npm run account:create --password`, and the account page's forms.

let service: Service;

beforeAll(async () => {
  // Every test here signs in many times from loopback; the throttles have their own tests.
  // The operator's retention default is set so the account page has one to show; no test here makes a real scan.
  service = await startService({ env: { HOLDLINE_SIGNUPS_PER_HOUR: '1000', HOLDLINE_SIGNINS_PER_HOUR: '1000', HOLDLINE_MEDIA_RETENTION_DAYS: '30' } });
});

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await service?.stop();
});

let emails = 0;
const freshEmail = () => `pw${Date.now()}-${++emails}@example.com`;

const putPassword = async (key: string, body: unknown) => {
  const response = await fetch(`${service.apiUrl}/v1/account/password`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

/** A client signed in as `email` with `password`, or the sign-in's status when it was refused. */
async function signedInClient(email: string, password: string): Promise<WebClient> {
  const client = new WebClient(service.apiUrl);
  const signin = await client.post('/signin', { email, password });
  if (signin.status !== 303) throw new Error(`sign-in refused: ${signin.status}`);
  return client;
}

const signInStatus = async (email: string, password: string) => (await new WebClient(service.apiUrl).post('/signin', { email, password })).status;

/** Whether the client's session still opens the account page (a signed-out one is sent to /signin). */
const accountPageStatus = async (client: WebClient) => (await client.get('/account')).status;

/** Runs `npm run account:create` against this test file's database. */
function accountCreate(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', 'scripts/account-create.ts', ...args], {
      env: { ...process.env, MONGODB_URI: service.workerEnv.MONGODB_URI!, HOLDLINE_ACCOUNT_PASSWORD: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('PUT /v1/account/password', () => {
  it('a keyed account without a password sets one with the key alone; then the current one is needed, a wrong one changes nothing, the right one signs out every web session', async () => {
    const { accountId, apiKey } = await service.createAccount();
    const email = (await service.deps.accounts.byId(accountId))!.email;
    expect(await signInStatus(email, 'first password')).toBe(401);

    expect(await putPassword(apiKey, { password: 'short' })).toEqual({ status: 400, body: { detail: 'body/password must NOT have fewer than 8 characters' } });
    expect(await putPassword(apiKey, { password: 'first password' })).toEqual({ status: 200, body: { status: 'set', signed_out_sessions: 0 } });
    const browserA = await signedInClient(email, 'first password');
    const browserB = await signedInClient(email, 'first password');

    expect(await putPassword(apiKey, { password: 'second password' })).toEqual({
      status: 400,
      body: { detail: 'this account has a password: send it as current_password to change it' },
    });
    expect(await putPassword(apiKey, { password: 'second password', current_password: 'not the password' })).toEqual({
      status: 403,
      body: { detail: "current_password is not this account's password; nothing was changed" },
    });
    expect(await accountPageStatus(browserA)).toBe(200);
    expect(await accountPageStatus(browserB)).toBe(200);
    expect(await signInStatus(email, 'second password')).toBe(401);

    expect(await putPassword(apiKey, { password: 'second password', current_password: 'first password' })).toEqual({
      status: 200,
      body: { status: 'changed', signed_out_sessions: 2 },
    });
    expect(await accountPageStatus(browserA)).toBe(303);
    expect(await accountPageStatus(browserB)).toBe(303);
    expect(await service.mongo.db.collection('sessions').countDocuments({ account_id: accountId })).toBe(0);
    expect(await signInStatus(email, 'first password')).toBe(401);
    expect(await signInStatus(email, 'second password')).toBe(303);
    // The key is not touched by a change of password.
    expect((await fetch(`${service.apiUrl}/v1/scans`, { headers: { authorization: `Bearer ${apiKey}` } })).status).toBe(200);
  });

  it('account:create takes --password or HOLDLINE_ACCOUNT_PASSWORD, and without one prints how to set it with the key', async () => {
    const withFlag = freshEmail();
    const flagged = await accountCreate(['--email', withFlag, '--password', 'flag password']);
    expect(flagged.code).toBe(0);
    expect(JSON.parse(flagged.stdout)).toMatchObject({ email: withFlag, plan: 'signal', password_set: true, api_key: expect.stringMatching(/^sk_sig_/) });
    expect(flagged.stderr).toBe('');
    expect(await signInStatus(withFlag, 'flag password')).toBe(303);

    const withEnv = freshEmail();
    const fromEnv = await accountCreate(['--email', withEnv], { HOLDLINE_ACCOUNT_PASSWORD: 'env password' });
    expect(JSON.parse(fromEnv.stdout)).toMatchObject({ email: withEnv, password_set: true });
    expect(await signInStatus(withEnv, 'env password')).toBe(303);

    const without = freshEmail();
    const bare = await accountCreate(['--email', without]);
    const made = JSON.parse(bare.stdout) as { api_key: string; password_set: boolean };
    expect(made.password_set).toBe(false);
    expect(bare.stderr).toMatch(/^No website password yet\. To sign in at http:\/\/[^ ]+\/signin, set one with the key \(KEY=the api_key above\):\n/);
    expect(bare.stderr).toContain(`curl -X PUT -H "Authorization: Bearer $KEY" -H 'content-type: application/json' -d '{"password":"<8 to 200 characters>"}' `);
    // The line it prints works as written.
    expect((await putPassword(made.api_key, { password: 'set afterwards' })).status).toBe(200);
    expect(await signInStatus(without, 'set afterwards')).toBe(303);

    const weak = await accountCreate(['--email', freshEmail(), '--password', 'short']);
    expect(weak).toMatchObject({ code: 2, stdout: '', stderr: 'the password must be 8 to 200 characters long; nothing was created\n' });
  }, 120_000);
});

describe('the account page: password, sessions, closure', () => {
  it('lists the sessions, changes the password (the current one required), signs out the others, closes the account; every form refuses a missing CSRF token', async () => {
    const email = freshEmail();
    const main = new WebClient(service.apiUrl);
    const { key } = await signUpAndSignIn(main, email, 'first password');
    expect(key).toMatch(/^sk_sig_/);
    const accountId = (await service.deps.accounts.byEmail(email))!._id;
    const second = await signedInClient(email, 'first password');

    // Two sessions, newest first, this one marked, with their loopback address.
    const listed = (await main.get('/account')).text;
    const rows = [...listed.matchAll(/<tr( class="current")?>\s*<td>([^<]+UTC)<\/td>\s*<td><time[^>]*>([^<]+)<\/time><\/td>\s*<td>([^<]+)<\/td>/g)].map(
      (match) => [Boolean(match[1]), match[3], match[4]],
    );
    expect(rows).toEqual([
      [false, 'just now', '127.0.0.1'],
      [true, 'just now', '127.0.0.1'],
    ]);
    expect(listed).toContain('1 other session; this one stays signed in.');

    const csrf = await main.csrf();
    const change = { current_password: 'first password', password: 'second password', password_confirm: 'second password' };
    expect((await main.post('/account/password', change)).status).toBe(400);
    const wrong = await main.post('/account/password', { ...change, csrf, current_password: 'a guess' });
    expect(wrong.status).toBe(403);
    expect(wrong.text).toContain('<p class="error" role="alert" id="password-error">That is not your current password. Nothing was changed.</p>');
    const mismatch = await main.post('/account/password', { ...change, csrf, password_confirm: 'something else' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.text).toContain('id="password-error">The new password and its repetition differ. Nothing was changed.</p>');
    expect(await accountPageStatus(second)).toBe(200);
    expect(await signInStatus(email, 'second password')).toBe(401);

    const changed = await main.post('/account/password', { ...change, csrf });
    expect(changed.status).toBe(200);
    expect(changed.text).toContain('<p class="notice">Your password is changed. 1 other session was signed out.</p>');
    expect(await accountPageStatus(second)).toBe(303);
    expect(await accountPageStatus(main)).toBe(200);
    expect(await signInStatus(email, 'first password')).toBe(401);

    const third = await signedInClient(email, 'second password');
    expect((await main.post('/account/sessions/sign-out-others', {})).status).toBe(400);
    expect(await accountPageStatus(third)).toBe(200);
    const signedOut = await main.post('/account/sessions/sign-out-others', { csrf });
    expect(signedOut.status).toBe(200);
    expect(signedOut.text).toContain('<p class="notice">Signed out 1 other session.</p>');
    expect(signedOut.text).toContain('This is your only session.');
    expect(await accountPageStatus(third)).toBe(303);

    const close = { email, password: 'second password', confirm: 'yes' };
    expect((await main.post('/account/close', close)).status).toBe(400);
    const wrongEmail = await main.post('/account/close', { ...close, csrf, email: 'someone@else.example' });
    expect(wrongEmail.status).toBe(400);
    expect(wrongEmail.text).toContain('id="close-error">That is not this account&#39;s email. The account is still open.</p>');
    const wrongPassword = await main.post('/account/close', { ...close, csrf, password: 'first password' });
    expect(wrongPassword.status).toBe(403);
    expect(wrongPassword.text).toContain('id="close-error">That is not your password. The account is still open.</p>');
    const unticked = await main.post('/account/close', { csrf, email, password: 'second password' });
    expect(unticked.status).toBe(400);
    expect(unticked.text).toContain('id="close-error">Tick the box');
    expect(await service.deps.accounts.byId(accountId)).toMatchObject({ email });
    expect((await service.deps.accounts.byId(accountId))?.closing_at).toBeUndefined();

    const closed = await main.post('/account/close', { ...close, csrf, email: email.toUpperCase() });
    expect(closed.status).toBe(200);
    expect(closed.text).toContain('<h1>Your account is closed</h1>');
    expect(closed.text).toContain('Everything of it is removed');
    expect(closed.headers.getSetCookie()).toEqual([expect.stringMatching(/^hl_session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0$/)]);
    expect(main.cookie).toBeNull();
    expect(await service.deps.accounts.byId(accountId)).toBeNull();
    expect(await service.mongo.db.collection('sessions').countDocuments({ account_id: accountId })).toBe(0);
    expect((await fetch(`${service.apiUrl}/v1/scans`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(401);
    expect(await signInStatus(email, 'second password')).toBe(401);
  }, 120_000);

  it('the sign-up answer, the same for a taken email, says how an account made by account:create gets a password', async () => {
    const { accountId } = await service.createAccount();
    const taken = (await service.deps.accounts.byId(accountId))!.email;
    const answer = await new WebClient(service.apiUrl).post('/signup', { email: taken, password: 'any password' });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('An account made with <code>npm run account:create</code> has no password until one is set with its API key:');
    expect(answer.text).toContain('<a href="/docs">API reference</a>');
    // A new email gets the very same page, but for the email it repeats.
    const newEmail = freshEmail();
    const fresh = await new WebClient(service.apiUrl).post('/signup', { email: newEmail, password: 'any password' });
    expect(fresh.text.replaceAll(newEmail, 'EMAIL')).toBe(answer.text.replaceAll(taken, 'EMAIL'));
  });
});

describe('the account page: retention and the archive', () => {
  const retentionOf = async (key: string) => (await fetch(`${service.apiUrl}/v1/account/retention`, { headers: { authorization: `Bearer ${key}` } })).json();
  const currentWords = (page: string) => /<p id="retention-current">([^<]*)<\/p>/.exec(page)?.[1];

  it('shows the setting and the server default, sets days, keep for good and the default as the API reads them back; refuses bad days and a missing CSRF token, changing nothing', async () => {
    const main = new WebClient(service.apiUrl);
    const { key } = await signUpAndSignIn(main, freshEmail(), 'a password');
    const page = (await main.get('/account')).text;
    expect(currentWords(page)).toBe(
      'Your account follows the server default, which removes each video 30 days after its scan was made. Published scans keep their videos.',
    );
    expect(page).toContain('<input type="radio" name="retention" value="default" checked>');
    expect(page).toContain('<p class="hint" id="retention-default">The server default removes each video 30 days after its scan was made.');
    const csrf = await main.csrf();

    const week = { retention: 'days', days: '7', include_published: 'yes' };
    expect((await main.post('/account/retention', week)).status).toBe(400);
    const tooLong = await main.post('/account/retention', { ...week, csrf, days: '3651' });
    expect(tooLong.status).toBe(400);
    expect(tooLong.text).toContain(
      '<p class="error" role="alert" id="retention-error">Days must be a whole number from 0 to 3650 (0 keeps videos for good). Nothing was changed.</p>',
    );
    expect(await retentionOf(key!)).toEqual({ media_retention_days: null, include_published: false, operator_default_days: 30, effective_days: 30 });

    const saved = await main.post('/account/retention', { ...week, csrf });
    expect(saved.status).toBe(200);
    expect(saved.text).toContain('<p class="notice">Your retention setting is saved.</p>');
    expect(currentWords(saved.text)).toBe(
      'Your account removes each video 7 days after its scan was made (the read is kept). Published scans&#39; videos are removed too.',
    );
    expect(await retentionOf(key!)).toEqual({ media_retention_days: 7, include_published: true, operator_default_days: 30, effective_days: 7 });

    const keep = await main.post('/account/retention', { retention: 'keep', csrf });
    expect(currentWords(keep.text)).toBe('Your account keeps videos for good. Published scans keep their videos.');
    expect(await retentionOf(key!)).toEqual({ media_retention_days: 0, include_published: false, operator_default_days: 30, effective_days: null });

    await main.post('/account/retention', { retention: 'default', days: '12', csrf });
    expect(await retentionOf(key!)).toEqual({ media_retention_days: null, include_published: false, operator_default_days: 30, effective_days: 30 });

    // Set with the key, shown on the page.
    await fetch(`${service.apiUrl}/v1/account/retention`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ media_retention_days: 90 }),
    });
    const shown = (await main.get('/account')).text;
    expect(shown).toContain('name="days" min="0" max="3650" step="1" inputmode="numeric" value="90"');
    expect(shown).toContain('<input type="radio" name="retention" value="days" checked>');
  });

  it('downloads the archive through the session, with and without videos, as the key gets it; needs the CSRF token and a session', async () => {
    const main = new WebClient(service.apiUrl);
    const { key } = await signUpAndSignIn(main, freshEmail(), 'a password');
    const accountId = (await service.deps.accounts.authenticate(key!))!.account._id;
    const { scanId } = await insertCompleteScan(service, accountId, 'a clip');
    const video = Buffer.from('not really a video, but the bytes the store holds');
    await service.deps.media.put(service.deps.media.media, MediaStore.mediaId(scanId), Readable.from([video]), {
      filename: 'clip.mp4',
      contentType: 'video/mp4',
    });
    const csrf = await main.csrf();

    const download = (form: Record<string, string>, cookie = main.cookie) =>
      fetch(`${service.apiUrl}/account/export`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
        body: new URLSearchParams(form).toString(),
        redirect: 'manual',
      });
    expect((await download({ media: '1' })).status).toBe(400);
    expect((await download({ media: '1', csrf }, null)).status).toBe(303);
    const badMedia = await download({ media: 'yes', csrf });
    expect(badMedia.status).toBe(400);
    expect(await badMedia.text()).toContain('Media must be 0 or 1.');

    const withVideos = await download({ media: '1', csrf });
    expect(withVideos.status).toBe(200);
    expect(withVideos.headers.get('content-type')).toBe('application/x-tar');
    expect(withVideos.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="holdline-${accountId}-\\d{4}-\\d{2}-\\d{2}\\.tar"$`));
    const dir = await untar(withVideos);
    expect(readdirSync(dir).sort()).toEqual(['manifest.json', scanId]);
    const served = await (await fetch(`${service.apiUrl}/v1/scans/${scanId}`, { headers: { authorization: `Bearer ${key}` } })).json();
    expect(JSON.parse(readFileSync(join(dir, scanId, 'scan.json'), 'utf8'))).toEqual(served);
    const mediaName = readdirSync(join(dir, scanId)).find((name) => name.startsWith('media.'))!;
    expect(readFileSync(join(dir, scanId, mediaName)).equals(video)).toBe(true);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as ArchiveManifest;
    expect(manifest).toMatchObject({ format: 'holdline-account-export', account_id: accountId, media: true });
    expect(manifest.scans.map((entry) => entry.files.map((file) => file.name))).toEqual([[`${scanId}/scan.json`, `${scanId}/${mediaName}`]]);

    const readsOnly = await untar(await download({ media: '0', csrf }));
    expect(readdirSync(join(readsOnly, scanId))).toEqual(['scan.json']);
    // The key's archive holds the same files.
    const keyed = await untar(await fetch(`${service.apiUrl}/v1/account/export`, { headers: { authorization: `Bearer ${key}` } }));
    expect(readFileSync(join(keyed, scanId, 'scan.json'), 'utf8')).toBe(readFileSync(join(readsOnly, scanId, 'scan.json'), 'utf8'));
  });
});

/** The tar body of `response`, unpacked by tar(1) into a directory removed after the file. */
async function untar(response: Response): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'holdline-page-archive-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'archive.tar'), Buffer.from(await response.arrayBuffer()));
  execFileSync('tar', ['-xf', join(dir, 'archive.tar'), '-C', dir]);
  rmSync(join(dir, 'archive.tar'));
  return dir;
}
