// /docs in Chromium under its own Content-Security-Policy: Redoc loads the
// served document and renders every operation with its recorded examples, with
// no policy violation and no script error (the policy allows no inline script).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_CSP, documentedRoutes } from '../../../api/openapi';
import recorded from '../../../api/openapi-examples.json' with { type: 'json' };
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
    // Redoc gives each operation a section `tag/<tag>/paths/<path, "/" written "~1">/<method>` (the webhook's path has no "/").
    await page.waitForSelector('[data-section-id*="/paths/~1"]', { timeout: 60_000 });
    const sections = await page.$$eval('[data-section-id*="/paths/~1"]', (nodes) => nodes.map((node) => node.getAttribute('data-section-id')));
    expect(new Set(sections).size).toBe(documentedRoutes().length);
    expect(await page.textContent('h1')).toContain('Holdline API');
    const text = (await page.textContent('body')) ?? '';
    // The summaries and the descriptions, the response words and the examples recorded from a real scan are on the page.
    expect(text).toContain('Submit a video: a public URL (JSON) or an upload (multipart/form-data)');
    expect(text).toContain('Accepted and queued');
    expect(text).toContain('Idempotency-Key');
    const operations = recorded.operations as Record<string, { responses: Record<string, Record<string, { scan_id?: string }>> }>;
    const submitted = operations['POST /v1/scans']?.responses['202']?.['application/json'];
    expect(submitted?.scan_id).toMatch(/^scn_/);
    expect(text).toContain(submitted?.scan_id);
    expect(text).not.toContain('Default Response');
    expect(problems).toEqual([]);
  });
});
