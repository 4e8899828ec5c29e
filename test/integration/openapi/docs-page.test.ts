// /docs in Chromium under its own Content-Security-Policy: Swagger UI loads the
// served document and renders every operation with no policy violation and no
// script error (the policy allows no inline script or style).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_CSP } from '../../../api/openapi';
import { startService, type Service } from '../helpers/service';

let service: Service;
let userDataDir: string;
let context: BrowserContext;

beforeAll(async () => {
  service = await startService({ inProcessWorkers: false });
  userDataDir = await mkdtemp(join(tmpdir(), 'holdline-chromium-docs-'));
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
});
afterAll(async () => {
  await context?.close();
  if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
  await service?.stop();
});

describe('/docs', () => {
  it('renders the document under the strict docs policy, with no violation or error', async () => {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(String(error)));
    // A string, run in the page (the test's types have no DOM).
    await page.addInitScript(
      "document.addEventListener('securitypolicyviolation', (event) => console.error('CSP violation: ' + event.violatedDirective + ' ' + event.blockedURI));",
    );
    const response = await page.goto(`${service.apiUrl}/docs`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toBe(DOCS_CSP);
    await page.waitForSelector('.opblock-summary-path', { timeout: 30_000 });
    const paths = await page.$$eval('.opblock-summary-path', (nodes) => nodes.map((node) => node.getAttribute('data-path')));
    expect(paths).toContain('/v1/scans');
    expect(paths).toContain('/v1/chat/completions');
    expect(await page.textContent('.info .title')).toContain('Holdline API');
    // Opening an operation renders its parameters, bodies and response schemas.
    await page.click('#operations-scans-post_v1_scans .opblock-summary');
    await page.waitForSelector('#operations-scans-post_v1_scans .responses-table', { timeout: 30_000 });
    expect(await page.textContent('#operations-scans-post_v1_scans')).toContain('multipart/form-data');
    expect(problems).toEqual([]);
  });
});
