import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type Service } from '../helpers/service';
import { insertCompleteScan } from './helpers';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

let service: Service;
let userDataDir: string;
let context: BrowserContext;
/** Console errors and page errors (a CSP violation shows up here). */
const problems: string[] = [];

beforeAll(async () => {
  service = await startService({ inProcessWorkers: false });
  userDataDir = await mkdtemp(join(tmpdir(), 'holdline-chromium-'));
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    viewport: { width: 1100, height: 1400 },
  });
});
afterAll(async () => {
  await context?.close();
  if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
  await service?.stop();
});

function watch(page: Page) {
  page.on('console', (message) => {
    if (message.type() === 'error' && !/media|Failed to load resource/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
}

describe('the website in Chromium', () => {
  it('signs up, signs in as asked, shows the key once, and renders the scan page with a drawn plot', async () => {
    const page = await context.newPage();
    watch(page);
    const email = `browser${Date.now()}@example.com`;
    await page.goto(`${service.apiUrl}/signup`);
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', 'a long enough password');
    await page.click('button[type=submit]');
    // The same answer for any email: a sign-in form with the email filled in.
    expect(await page.textContent('p.notice')).toContain('sign in with the password you just chose to get your API key');
    expect(await page.inputValue('input[name=email]')).toBe(email);
    await page.fill('input[name=password]', 'a long enough password');
    await page.click('button[type=submit]');
    const key = await page.textContent('#new-key');
    await page.screenshot({ path: join(process.env.HOLDLINE_SCREENSHOT_DIR ?? userDataDir, 'account-new-key.png'), fullPage: true });
    expect(key).toMatch(/^sk_sig_[0-9A-Za-z]{40}$/);

    await page.goto(`${service.apiUrl}/account`);
    expect(await page.locator('#new-key').count()).toBe(0);
    expect(await page.textContent('#key-prefix')).toBe(`${key!.slice(0, 11)}…`);

    const account = await service.deps.accounts.byEmail(email);
    const { scanId, read } = await insertCompleteScan(service, account!._id, 'Kitchen <demo>');
    await page.goto(`${service.apiUrl}/scans/${scanId}`);
    await page.waitForSelector('#plot svg polyline[data-series=hold]');

    expect(await page.textContent('h1')).toBe('Kitchen <demo>');
    const series = await page.$$eval('#plot svg polyline', (lines) =>
      lines.map((line) => ({ name: line.getAttribute('data-series'), points: (line.getAttribute('points') ?? '').trim().split(/\s+/).length })),
    );
    expect(series).toEqual(['loudness', 'motion', 'speech', 'hold'].map((name) => ({ name, points: read.timeline.length })));
    expect(await page.locator('#plot svg .cuts line').count()).toBe(read.cuts.length);
    expect(await page.locator('#plot svg .dead rect').count()).toBe(read.dead.length);
    expect(await page.locator('#plot svg .moments circle').count()).toBe(read.moments.length);
    const box = await page.locator('#plot svg').boundingBox();
    expect(box!.width).toBeGreaterThan(500);
    expect(box!.height).toBeGreaterThan(200);
    // The hold line is drawn with a visible stroke, not left unstyled.
    expect(
      await page.$eval(
        '#plot svg polyline[data-series=hold]',
        (line) => (globalThis as unknown as { getComputedStyle(e: unknown): { stroke: string } }).getComputedStyle(line).stroke,
      ),
    ).not.toBe('none');

    await page.hover('#plot svg', { position: { x: box!.width / 2, y: box!.height / 2 } });
    expect(await page.textContent('.readout')).toMatch(/^\d+ s: hold [\d.]+, speech [\d.]+, motion [\d.]+, loudness [\d.]+$/);

    const shot = join(process.env.HOLDLINE_SCREENSHOT_DIR ?? userDataDir, `scan-page-${scanId}.png`);
    await page.screenshot({ path: shot, fullPage: true });
    expect((await stat(shot)).size).toBeGreaterThan(20_000);
    expect(problems).toEqual([]);
  });

  it('publishes from the scan page and the library shows it to a visitor', async () => {
    await context.clearCookies();
    const page = await context.newPage();
    watch(page);
    const account = await service.deps.accounts.create({ email: `owner${Date.now()}@example.com` });
    const { scanId } = await insertCompleteScan(service, account.account._id, null);
    // Sign in through the form, the way a person would.
    const { SessionsStore } = await import('../../../store/sessions');
    await new SessionsStore(service.mongo.db).setPassword(account.account._id, 'owner password 1');
    await page.goto(`${service.apiUrl}/signin`);
    await page.fill('input[name=email]', account.account.email);
    await page.fill('input[name=password]', 'owner password 1');
    await page.click('button[type=submit]');
    await page.waitForURL(`${service.apiUrl}/scans`);
    await page.click(`a[href="/scans/${scanId}"]`);
    await page.fill('#publish input[name=title]', 'Browser published');
    await page.click('#publish button[type=submit]');
    await page.waitForSelector(`a[href="/library/${scanId}"]`);

    // A visitor: no session cookie any more.
    await context.clearCookies();
    const publicPage = await context.newPage();
    watch(publicPage);
    await publicPage.goto(`${service.apiUrl}/library`);
    await publicPage.click(`a[href="/library/${scanId}"]`);
    await publicPage.waitForSelector('#plot svg polyline[data-series=hold]');
    expect(await publicPage.textContent('h1')).toBe('Browser published');
    expect(await publicPage.locator('#publish').count()).toBe(0);
    expect(await publicPage.locator('header.site a[href="/signin"]').count()).toBe(1);
    expect(problems).toEqual([]);
  });
});
