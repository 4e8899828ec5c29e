import { mkdirSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LibraryStore } from '../../../store/library';
import { MediaStore } from '../../../store/media';
import { SessionsStore } from '../../../store/sessions';
import { insertFinishedRecut } from '../helpers/recuts';
import { startService, type Service } from '../helpers/service';
import { insertCompleteScan, insertQueuedScan } from './helpers';

// Every page at a phone's width (375 px) and a laptop's (1280 px): nothing scrolls
// sideways, and a screenshot of each is kept for a person to look at.

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const WIDTHS = [375, 1280] as const;
/** Screenshots stay in the test output (git-ignored), or where HOLDLINE_SCREENSHOT_DIR says. */
const SHOTS = process.env.HOLDLINE_SCREENSHOT_DIR ?? join(process.cwd(), '.data', 'test-output', 'screenshots');
/** `before` for the run on the unchanged pages, so both sets can be compared. */
const TAG = process.env.HOLDLINE_SCREENSHOT_TAG ?? 'after';

let service: Service;
let userDataDir: string;
let context: BrowserContext;
let pages: { name: string; path: string }[] = [];
let scanRead: Awaited<ReturnType<typeof insertCompleteScan>>['read'];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  service = await startService({ inProcessWorkers: false, env: { HOLDLINE_SIGNINS_PER_HOUR: '1000' } });
  const { account } = await service.deps.accounts.create({ email: `viewport${Date.now()}@example.com`, plan: 'agents' });
  await new SessionsStore(service.mongo.db).setPassword(account._id, 'viewport password 1');
  const scan = await insertCompleteScan(service, account._id, 'A kitchen demo with a rather long title that must wrap on a phone');
  scanRead = scan.read;
  // Stored media gives the page its player (bytes only: the player is not played here).
  await service.deps.media.put(service.deps.media.media, MediaStore.mediaId(scan.scanId), Readable.from([Buffer.from('not really a video')]), {
    filename: 'upload',
    contentType: 'video/mp4',
  });
  const child = await insertCompleteScan(service, account._id, 'kitchen (recut)');
  await insertQueuedScan(service, account._id, 'Still running');
  const { recutId } = await insertFinishedRecut(service, { accountId: account._id, parent: scan, child, rationale: 'Drop the still part.' });
  // The home page draws the featured scan's hold curve.
  expect(await new LibraryStore(service.mongo.db).feature(scan.scanId)).toBe('featured');
  pages = [
    { name: 'home', path: '/' },
    { name: 'library', path: '/library' },
    { name: 'signin', path: '/signin' },
    { name: 'signup', path: '/signup' },
    { name: 'scans', path: '/scans' },
    { name: 'scan', path: `/scans/${scan.scanId}` },
    { name: 'recut', path: `/recuts/${recutId}` },
    { name: 'account', path: '/account' },
    { name: 'docs', path: '/docs' },
  ];
  userDataDir = await mkdtemp(join(tmpdir(), 'holdline-viewport-'));
  context = await chromium.launchPersistentContext(userDataDir, { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const page = await context.newPage();
  await page.goto(`${service.apiUrl}/signin`);
  await page.fill('input[name=email]', account.email);
  await page.fill('input[name=password]', 'viewport password 1');
  await page.click('button[type=submit]');
  await page.waitForURL(`${service.apiUrl}/scans`);
  await page.close();
});
afterAll(async () => {
  await context?.close();
  if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
  await service?.stop();
});

describe('every page fits the viewport', () => {
  for (const width of WIDTHS) {
    it(`at ${width} px no page scrolls sideways`, async () => {
      const page = await context.newPage();
      await page.setViewportSize({ width, height: 900 });
      const overflowing: string[] = [];
      for (const { name, path } of pages) {
        const response = await page.goto(`${service.apiUrl}${path}`);
        expect(response?.status(), path).toBe(200);
        await page.waitForLoadState('networkidle');
        const shot = join(SHOTS, `${name}-${width}-${TAG}.png`);
        await page.screenshot({ path: shot, fullPage: true });
        expect((await stat(shot)).size).toBeGreaterThan(5_000);
        // The page's own globals, typed here without the DOM library.
        const { scrollWidth, innerWidth } = await page.evaluate(() => {
          const win = globalThis as unknown as { innerWidth: number; document: { documentElement: { scrollWidth: number } } };
          return { scrollWidth: win.document.documentElement.scrollWidth, innerWidth: win.innerWidth };
        });
        if (scrollWidth > innerWidth) overflowing.push(`${path}: ${scrollWidth} > ${innerWidth}`);
      }
      await page.close();
      expect(overflowing).toEqual([]);
    });
  }

  it('at 375 px a tap on the plot reads that second and offers to play from it; the lighter series toggle off and on', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 375, height: 900 });
    const scan = pages.find((entry) => entry.name === 'scan')!;
    await page.goto(`${service.apiUrl}${scan.path}`);
    await page.waitForSelector('#plot svg polyline[data-series=hold]');
    const box = (await page.locator('#plot svg').boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(375);
    // A finger's pointerdown in the middle of the drawing area, as a tap sends it.
    await page.locator('#plot svg').dispatchEvent('pointerdown', { clientX: box.x + box.width / 2, clientY: box.y + box.height / 2, pointerType: 'touch' });
    expect(await page.textContent('.readout')).toMatch(/^\d+ s: hold [\d.]+, speech [\d.]+, motion [\d.]+, loudness [\d.]+$/);
    expect(await page.textContent('.play-from')).toMatch(/^Play from 0:\d\d$/);
    expect(await page.isVisible('.play-from')).toBe(true);
    await page.uncheck('input[data-toggle=motion]');
    expect(await page.getAttribute('#plot polyline[data-series=motion]', 'visibility')).toBe('hidden');
    expect(await page.getAttribute('#plot polyline[data-series=hold]', 'visibility')).toBeNull();
    await page.check('input[data-toggle=motion]');
    expect(await page.getAttribute('#plot polyline[data-series=motion]', 'visibility')).toBe('visible');
    await page.close();
  });

  for (const width of WIDTHS) {
    it(`at ${width} px the dips are hatched spans on the plot with their advice on hover (title) and on tap`, async () => {
      const page = await context.newPage();
      await page.setViewportSize({ width, height: 900 });
      const scan = pages.find((entry) => entry.name === 'scan')!;
      await page.goto(`${service.apiUrl}${scan.path}`);
      await page.waitForSelector('#plot svg .dips rect.span');
      const dips = scanRead.dips ?? [];
      expect(dips.length).toBeGreaterThan(0);
      const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
      expect(await page.locator('#plot svg .dips rect.span').count()).toBe(dips.length);
      expect(await page.locator('#plot svg .dips rect.span title').allTextContents()).toEqual(
        dips.map((d) => `dip ${clock(d.start)}–${clock(d.end)}: ${d.advice}`),
      );
      // Drawn apart from the dead stretches: hatched, where a dead stretch is a flat tint.
      expect(await page.getAttribute('#plot svg .dips rect.span', 'fill')).toBe('url(#dip-hatch)');
      expect(await page.isVisible('.dip-note')).toBe(false);
      const last = dips[dips.length - 1]!;
      const box = (await page.locator('#plot svg .dips rect.span').last().boundingBox())!;
      await page.locator('#plot svg').dispatchEvent('pointerdown', { clientX: box.x + box.width / 2, clientY: box.y + box.height / 2, pointerType: 'touch' });
      expect(await page.textContent('.dip-note')).toBe(`Dip ${clock(last.start)}–${clock(last.end)}: ${last.advice}`);
      expect(await page.isVisible('.dip-note')).toBe(true);
      // The list under "What to change" names each dip too, and the hook report gives the suggested opening.
      expect(await page.locator('#dips li').count()).toBe(dips.length);
      expect(await page.textContent('#hook-opening')).toBe(
        `Suggested opening: the strongest 3 s, ${clock(scanRead.hook_report!.best_opening.start)}–${clock(scanRead.hook_report!.best_opening.end)} (hold ${scanRead.hook_report!.best_opening.hold}).`,
      );
      await page.close();
    });
  }
});
