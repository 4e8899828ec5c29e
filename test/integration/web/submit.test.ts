// The website takes videos: real Chromium against the real stack (Temporal,
// FerretDB, ffmpeg, pocketsphinx workers), screenshots kept under
// HOLDLINE_SCREENSHOT_DIR (default .data/screenshots/web-submit).
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, PLANS } from '../../../core/plans';
import { SCAN_WAIT_MS } from '../helpers/scan-client';
import { fixture } from '../helpers/fixtures';
import { startService, type Service } from '../helpers/service';
import { insertCompleteScan, insertQueuedScan, signUpAndSignIn, syntheticRead, WebClient } from './helpers';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const MB = 1024 * 1024;
const UPLOAD_LIMIT = 60 * MB;
const SHOTS = process.env.HOLDLINE_SCREENSHOT_DIR ?? join(process.cwd(), '.data', 'screenshots', 'web-submit');

let service: Service;
let userDataDir: string;
let scratch: string;
let context: BrowserContext;
let files: Server;
let filesUrl: string;
const problems: string[] = [];

beforeAll(async () => {
  service = await startService({
    env: {
      HOLDLINE_UPLOAD_LIMIT_BYTES: String(UPLOAD_LIMIT),
      HOLDLINE_ALLOW_HOSTS: '127.0.0.1:*',
      HOLDLINE_SIGNUPS_PER_HOUR: '1000',
      HOLDLINE_SIGNINS_PER_HOUR: '1000',
    },
  });
  await mkdir(SHOTS, { recursive: true });
  scratch = await mkdtemp(join(tmpdir(), 'holdline-web-submit-'));
  userDataDir = await mkdtemp(join(tmpdir(), 'holdline-chromium-'));
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    viewport: { width: 1100, height: 1200 },
  });
  const talking = await fixture('talking');
  files = createServer((request, response) => {
    if (request.url !== '/talking.mp4') return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'video/mp4' });
    createReadStream(talking.path).pipe(response);
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as { port: number }).port}`;
});
afterAll(async () => {
  await context?.close();
  await new Promise((resolve) => (files ? files.close(resolve) : resolve(undefined)));
  await Promise.all([userDataDir, scratch].filter(Boolean).map((dir) => rm(dir, { recursive: true, force: true })));
  await service?.stop();
});

const shot = async (page: Page, name: string) => {
  const path = join(SHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  expect((await stat(path)).size).toBeGreaterThan(10_000);
};

let emails = 0;
/** A fresh browser page signed up through the form, on /scans. */
async function signedUpPage(): Promise<{ page: Page; accountId: string; apiKey: string }> {
  await context.clearCookies();
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource|media/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  const email = `submit${Date.now()}-${++emails}@example.com`;
  await page.goto(`${service.apiUrl}/signup`);
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', 'a long enough password');
  await page.click('button[type=submit]');
  // The sign-up answer asks for a sign-in, the email already filled in; its first one shows the key.
  await page.fill('input[name=password]', 'a long enough password');
  await page.click('button[type=submit]');
  const apiKey = (await page.textContent('#new-key'))!;
  await page.goto(`${service.apiUrl}/scans`);
  await page.waitForSelector('#submit');
  const account = await service.deps.accounts.byEmail(email);
  return { page, accountId: account!._id, apiKey };
}

const scansUsed = async (accountId: string) => (await service.deps.usage.month(accountId, new Date())).scans;
const scansOwned = async (accountId: string) => (await service.deps.scans.listOwned(accountId, { limit: 10, offset: 0 })).total;

describe('the scans page takes a video', () => {
  it('signs up, uploads a fixture, follows the live row to the finished read', async () => {
    const { page, accountId } = await signedUpPage();
    expect(await page.textContent('#no-scans')).toContain('No scans yet');
    await page.fill('#title-input', 'Talking <upload>');
    await page.setInputFiles('#file-input', (await fixture('talking')).path);

    // The new row, drawn as queued at once, then from the live status while the scan runs (the
    // ear may answer a soundtrack it heard before from its kept answers, so the scan can be
    // complete by the first poll).
    const row = page.locator('tr[data-mine]');
    await row.locator('.stage').waitFor({ timeout: 60_000 });
    const scanId = (await row.getAttribute('data-scan-id'))!;
    expect(scanId).toMatch(/^scn_/);
    expect(await row.locator('td').first().textContent()).toBe('Talking <upload>');
    expect(await row.locator('.pct').textContent()).toMatch(/^ \d{1,2}%$/);
    await shot(page, 'upload-live-row');

    await row.locator('a.open-read').waitFor({ timeout: SCAN_WAIT_MS });
    const doc = await service.deps.scans.getOwned(scanId, accountId);
    expect(doc?.status).toBe('complete');
    expect(doc?.source).toEqual({ type: 'upload', filename: 'talking.mp4' });
    expect(await row.locator('.grade').textContent()).toBe(doc!.grade);
    expect(await scansUsed(accountId)).toBe(1);
    await shot(page, 'upload-row-complete');

    await row.locator('a.open-read').click();
    await page.waitForSelector('#plot svg polyline[data-series=hold]');
    expect(page.url()).toBe(`${service.apiUrl}/scans/${scanId}`);
    expect(await page.textContent('h1')).toBe('Talking <upload>');
    expect(await page.textContent('#grade')).toBe(doc!.grade);
    expect(await page.locator('#plot svg polyline[data-series=hold]').getAttribute('points')).toBeTruthy();
    await shot(page, 'upload-read-page');
    expect(problems).toEqual([]);
  });

  it('a pasted link becomes a live row and a read', async () => {
    const { page, accountId } = await signedUpPage();
    await page.fill('#url-input', `${filesUrl}/talking.mp4`);
    await page.click('#url-submit');
    const row = page.locator('tr[data-mine]');
    await row.waitFor();
    const scanId = (await row.getAttribute('data-scan-id'))!;
    expect((await service.deps.scans.getOwned(scanId, accountId))?.source).toEqual({ type: 'url', url: `${filesUrl}/talking.mp4` });
    expect(await page.inputValue('#url-input')).toBe('');
    expect(await page.textContent('#scans-left')).toBe(`${PLANS.signal.scansPerMonth - 1} scans left`);
    await shot(page, 'url-row');
    await row.locator('a.open-read').waitFor({ timeout: SCAN_WAIT_MS });
    expect((await service.deps.scans.getOwned(scanId, accountId))?.status).toBe('complete');
    expect(await page.locator('#submit-error').isHidden()).toBe(true);
    expect(problems).toEqual([]);
  });

  it('says next to the form why a video was refused: a refused link, a file over the limit, a non-video, a used-up quota', async () => {
    const { page, accountId } = await signedUpPage();
    const error = page.locator('#submit-error');

    // The server refuses a link to a private address; nothing is counted.
    await page.fill('#url-input', 'http://10.0.0.1/video.mp4');
    await page.click('#url-submit');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/^Input\.url refused: .+\.$/);
    await shot(page, 'error-private-url');

    // Over the upload limit: said at once, nothing sent.
    const big = join(scratch, 'too-big.mp4');
    await writeFile(big, '');
    await truncate(big, UPLOAD_LIMIT + 1);
    await page.setInputFiles('#file-input', big);
    await expect.poll(() => error.textContent(), { timeout: 30_000 }).toBe('That file is too big: too-big.mp4 is 60.0 MB, and files up to 60.0 MB are taken.');
    await shot(page, 'error-too-big');

    // Not a video: taken, then the scan ends in error, said next to the form.
    const text = join(scratch, 'notes.mp4');
    await writeFile(text, 'these are my notes, not a video\n'.repeat(2000));
    await page.setInputFiles('#file-input', text);
    const row = page.locator('tr[data-mine]');
    await row.waitFor();
    await expect
      .poll(() => error.textContent(), { timeout: SCAN_WAIT_MS, interval: 500 })
      // Named by its title, which defaults to the file's name without its extension.
      .toMatch(/^The scan of notes failed\. The file is not a video we can read: .+\.$/);
    expect(await row.getAttribute('data-status')).toBe('error');
    expect(await row.locator('td.failed').textContent()).toMatch(/^error: /);
    await shot(page, 'error-not-a-video');
    // The failed scan gave its unit back or kept it as the API does; either way one scan was submitted.
    expect(await scansOwned(accountId)).toBe(1);

    // The month's quota used up: 429 with the day it resets.
    const used = await scansUsed(accountId);
    for (let i = used; i < PLANS.signal.scansPerMonth; i++) await service.deps.usage.take(accountId, 'scans', PLANS.signal.scansPerMonth, new Date());
    await page.setInputFiles('#file-input', (await fixture('talking')).path);
    await expect
      .poll(() => error.textContent(), { timeout: 30_000 })
      .toMatch(/^You have used up this month’s scans: The monthly scan quota of the Signal plan \(30 scans\) is used up; it resets on \d{4}-\d{2}-\d{2}\.$/);
    await shot(page, 'error-quota');
    expect(await scansOwned(accountId)).toBe(1);
    expect(problems).toEqual([]);
  });

  it('a dropped file past the per-minute limit the API used up is refused with the time to try again, counting nothing', async () => {
    const { page, accountId, apiKey } = await signedUpPage();
    // The website and POST /v1/scans share the key's per-minute budget: spend it through the API
    // (bodies it refuses after counting them) until the API itself says 429 with at least 10 s of
    // the window left, so the drop below lands in the same, full window.
    let refusedFor = 0;
    for (let sent = 0; sent < 4 * LIMITS.scanSubmissionsPerMinute && refusedFor < 10; sent++) {
      const spent = await fetch(`${service.apiUrl}/v1/scans`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: '{}',
      });
      if (spent.status !== 429) continue;
      refusedFor = Number(spent.headers.get('retry-after'));
      if (refusedFor < 10) await new Promise((resolve) => setTimeout(resolve, refusedFor * 1000 + 100));
    }
    expect(refusedFor).toBeGreaterThanOrEqual(10);
    const dataTransfer = await page.evaluateHandle(() => {
      const dom = globalThis as unknown as {
        DataTransfer: new () => { items: { add(file: unknown): void } };
        File: new (parts: string[], name: string, options: { type: string }) => unknown;
      };
      const transfer = new dom.DataTransfer();
      transfer.items.add(new dom.File(['a few bytes'], 'dropped.mp4', { type: 'video/mp4' }));
      return transfer;
    });
    await page.dispatchEvent('#drop-zone', 'drop', { dataTransfer });
    await expect
      .poll(() => page.locator('#submit-error').textContent(), { timeout: 30_000 })
      .toMatch(/^Too many submissions in the last minute\. Try again at .+ \(in \d+ s\)\.$/);
    await shot(page, 'error-rate-limit');
    expect(await scansUsed(accountId)).toBe(0);
    expect(await scansOwned(accountId)).toBe(0);
    expect(problems).toEqual([]);
  });

  it('a 50 MB upload shows its progress mid-way, and cancelling it keeps no scan and no quota unit', async () => {
    const { page, accountId } = await signedUpPage();
    const file = join(scratch, 'fifty.mp4');
    await writeFile(file, '');
    await truncate(file, 50 * MB);
    // Slow the upload down (DevTools network emulation) so it is still under way when we look.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 2 * MB });
    await page.setInputFiles('#file-input', file);

    const progress = () => page.$eval('#upload-progress', (bar) => (bar as unknown as { value: number }).value);
    await expect.poll(progress, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(10);
    // The server took the unit when the upload began.
    await expect.poll(() => scansUsed(accountId), { timeout: 30_000 }).toBe(1);
    await shot(page, 'upload-50mb-midway');
    const value = await progress();
    expect(value).toBeGreaterThanOrEqual(10);
    expect(value).toBeLessThan(100);
    expect(await page.textContent('#upload-text')).toMatch(/^Uploading fifty\.mp4: \d+\.\d MB of 50\.0 MB \(\d+%\)$/);
    expect(await page.isVisible('#upload-status')).toBe(true);

    await page.click('#upload-cancel');
    await page.waitForSelector('#upload-cancelled');
    expect(await page.textContent('#upload-cancelled')).toBe('Upload of fifty.mp4 cancelled: nothing was kept and no scan was counted.');
    expect(await page.isHidden('#upload-status')).toBe(true);
    await shot(page, 'upload-50mb-cancelled');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    // The server saw the client go: the unit comes back and no scan is left.
    await expect.poll(() => scansUsed(accountId), { timeout: 30_000 }).toBe(0);
    expect(await scansOwned(accountId)).toBe(0);
    expect(await service.mongo.db.collection('scans').countDocuments({ account_id: accountId })).toBe(0);
    expect(await page.locator('tr[data-scan-id]').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('rows already in flight when the page loads follow their scan too', async () => {
    const { page, accountId } = await signedUpPage();
    const scanId = await insertQueuedScan(service, accountId, 'Queued by the API');
    await page.reload();
    const row = page.locator(`tr[data-scan-id="${scanId}"]`);
    expect(await row.getAttribute('data-live')).toBe('');
    await expect
      .poll(
        () =>
          row
            .locator('.stage')
            .textContent()
            .catch(() => null),
        { timeout: 15_000 },
      )
      .toBe('waiting in the queue');
    await service.deps.scans.advance(scanId, 37);
    await expect
      .poll(
        () =>
          row
            .locator('.pct')
            .textContent()
            .catch(() => null),
        { timeout: 15_000 },
      )
      .toBe(' 37%');
    expect(await row.locator('.stage').textContent()).toBe('measuring and transcribing');
    expect(await service.deps.scans.complete(scanId, syntheticRead())).toBeTruthy();
    await row.locator('a.open-read').waitFor();
    expect(await row.locator('a.open-read').getAttribute('href')).toBe(`/scans/${scanId}`);
    expect(await row.getAttribute('data-live')).toBeNull();
    expect(problems).toEqual([]);
  });

  it('the home page draws the demo scan’s hold curve inline', async () => {
    await context.clearCookies();
    const owner = await service.createAccount();
    const { scanId, read } = await insertCompleteScan(service, owner.accountId, 'Kitchen demo');
    expect(await service.deps.library.feature(scanId)).toBe('featured');
    const page = await context.newPage();
    await page.goto(`${service.apiUrl}/`);
    const points = await page.locator('#demo-curve polyline.hold').getAttribute('points');
    expect(points!.trim().split(/\s+/)).toHaveLength(read.timeline.length);
    expect(await page.locator('#demo-curve rect.dead').count()).toBe(read.dead.length);
    expect(await page.locator('#demo-curve line.cut').count()).toBe(read.cuts.length);
    const box = await page.locator('#demo-curve').boundingBox();
    expect(box!.width).toBeGreaterThan(400);
    expect(await page.textContent('figure.demo-curve figcaption')).toContain('Kitchen demo');
    await shot(page, 'home-demo-curve');
  });
});

describe('the page endpoints behind the form', () => {
  async function signedUpClient() {
    const client = new WebClient(service.apiUrl);
    const email = `endpoint${Date.now()}-${++emails}@example.com`;
    await signUpAndSignIn(client, email, 'a long enough password');
    const account = await service.deps.accounts.byEmail(email);
    return { client, accountId: account!._id, csrf: await client.csrf() };
  }

  it('refuse without a session or the CSRF header, answering JSON, and count nothing', async () => {
    const { client, accountId, csrf } = await signedUpClient();
    const url = `${filesUrl}/talking.mp4`;
    const anonymous = await new WebClient(service.apiUrl).request('POST', '/scans/url', { json: { url }, headers: { 'x-csrf-token': csrf } });
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.text)).toEqual({ detail: 'You are signed out; sign in again to submit a video.' });
    const noToken = await client.request('POST', '/scans/url', { json: { url } });
    expect(noToken.status).toBe(400);
    expect(JSON.parse(noToken.text)).toEqual({ detail: 'This page has expired; reload it and try again.' });
    const wrongToken = await client.request('POST', '/scans/url', { json: { url }, headers: { 'x-csrf-token': `${csrf.slice(0, -1)}x` } });
    expect(wrongToken.status).toBe(400);
    const crossSite = await client.request('POST', '/scans/url', { json: { url }, headers: { 'x-csrf-token': csrf, origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(400);
    expect(await scansUsed(accountId)).toBe(0);
    expect(await scansOwned(accountId)).toBe(0);
  });

  it('refuse an upload declared over the limit with 413 before taking a unit', async () => {
    const { client, accountId, csrf } = await signedUpClient();
    // Headers only: the server answers from the declared length, before a byte of the body.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const outgoing = httpRequest(`${service.apiUrl}/scans/upload`, {
        method: 'POST',
        headers: {
          cookie: client.cookie!,
          'x-csrf-token': csrf,
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(UPLOAD_LIMIT + MB),
        },
      });
      outgoing.on('response', (response) => {
        let body = '';
        response
          .setEncoding('utf8')
          .on('data', (chunk: string) => (body += chunk))
          .on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      outgoing.on('error', reject);
      outgoing.flushHeaders();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ detail: 'file is over the 60 MB limit' });
    expect(await scansUsed(accountId)).toBe(0);
  });

  it('the live status is the owner’s only', async () => {
    const { client, accountId } = await signedUpClient();
    const scanId = await insertQueuedScan(service, accountId, 'Mine');
    const own = await client.get(`/scans/${scanId}/status`);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect(JSON.parse(own.text)).toEqual({ scan_id: scanId, title: 'Mine', status: 'queued', pct: 0, stage: 'waiting in the queue', href: `/scans/${scanId}` });
    const other = await signedUpClient();
    expect((await other.client.get(`/scans/${scanId}/status`)).status).toBe(404);
    expect((await new WebClient(service.apiUrl).get(`/scans/${scanId}/status`)).status).toBe(401);
  });
});
