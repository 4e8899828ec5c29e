// @holdline/client as an integrator gets it: built by its own `npm run build`
// (tsc to dist/, no network) and imported from dist/, driven against the real
// stack: create from a fixture file, wait with progress, read, list by
// iteration, delete; the account's retention, archive, password and closure.
import { execFile, execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../helpers/fixtures';
import { ONE_SCAN_TEST_MS, SCAN_WAIT_MS } from '../helpers/scan-client';
import { startService, type Service } from '../helpers/service';
import { insertCompleteScan } from '../web/helpers';

type Sdk = typeof import('../../../clients/js/src/index');

let service: Service;
let sdk: Sdk;

beforeAll(async () => {
  const packageDir = resolve('clients/js');
  await promisify(execFile)('npm', ['run', '--silent', 'build'], { cwd: packageDir });
  sdk = (await import(pathToFileURL(resolve(packageDir, 'dist/index.js')).href)) as Sdk;
  service = await startService();
}, 180_000);

afterAll(async () => {
  await service?.stop();
});

describe('@holdline/client on the real stack', () => {
  it(
    'creates a scan from a file, waits with progress, reads it, finds it by iterating the list, deletes it',
    async () => {
      const sample = await fixture('sample');
      const { apiKey } = await service.createAccount();
      const client = new sdk.Holdline({ baseUrl: service.apiUrl, apiKey });

      const queued = await client.scans.create({ file: sample.path, title: 'SDK sample', idempotencyKey: 'sdk-test-1' });
      expect(queued).toEqual({ scan_id: expect.stringMatching(/^scn_[0-9a-f]{24}$/), status: 'queued', pct: 0 });
      // The same key answers with the same scan, not a second one.
      expect((await client.scans.create({ file: sample.path, title: 'SDK sample', idempotencyKey: 'sdk-test-1' })).scan_id).toBe(queued.scan_id);

      const seen: Array<{ status: string; pct: number }> = [];
      const scan = await client.scans.wait(queued.scan_id, {
        intervalMs: 250,
        timeoutMs: SCAN_WAIT_MS,
        onProgress: (state) => void seen.push({ status: state.status, pct: state.pct }),
      });
      expect(scan.status).toBe('complete');
      if (scan.status !== 'complete') return;
      // The first poll comes right after the submission, while the scan is still in flight.
      expect(seen.length).toBeGreaterThan(0);
      for (const state of seen) expect(['queued', 'processing']).toContain(state.status);
      expect(seen.map((s) => s.pct)).toEqual([...seen.map((s) => s.pct)].sort((a, b) => a - b));
      expect(scan.duration_sec).toBeCloseTo(sample.truth.duration!, 1);
      expect(scan.timeline).toHaveLength(Math.ceil(scan.duration_sec));
      expect(await client.scans.get(queued.scan_id)).toEqual(scan);

      const listed: string[] = [];
      for await (const entry of client.scans.list({ limit: 1 })) listed.push(entry.scan_id);
      expect(listed).toEqual([queued.scan_id]);

      expect(await client.scans.delete(queued.scan_id)).toEqual({ scan_id: queued.scan_id, status: 'deleted' });
      const gone = await client.scans.get(queued.scan_id).catch((error: unknown) => error);
      expect(gone).toBeInstanceOf(sdk.NotFoundError);
      expect(gone).toMatchObject({ status: 404, detail: `no scan ${queued.scan_id}` });
    },
    ONE_SCAN_TEST_MS,
  );

  it('keyless calls work without a key; a keyed one without a key is an AuthenticationError', async () => {
    const client = new sdk.Holdline({ baseUrl: service.apiUrl });
    expect((await client.signals()).signals.map((s) => s.name)).toEqual(['hold', 'motion', 'loudness', 'speech']);
    const refused = await client.usage().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(sdk.AuthenticationError);
    expect((refused as InstanceType<Sdk['HoldlineError']>).status).toBe(401);
  });

  it('account: sets and reads the retention (days, 0, null), streams the archive to a file, sets a password, closes the account', async () => {
    const { accountId, apiKey } = await service.createAccount();
    const { scanId } = await insertCompleteScan(service, accountId, 'archived');
    const client = new sdk.Holdline({ baseUrl: service.apiUrl, apiKey });

    expect(await client.account.retention()).toEqual({
      media_retention_days: null,
      include_published: false,
      operator_default_days: null,
      effective_days: null,
    });
    expect(await client.account.setRetention({ mediaRetentionDays: 14, includePublished: true })).toEqual({
      media_retention_days: 14,
      include_published: true,
      operator_default_days: null,
      effective_days: 14,
    });
    expect((await client.account.setRetention({ mediaRetentionDays: 0 })).media_retention_days).toBe(0);
    expect((await client.account.setRetention({ mediaRetentionDays: null })).media_retention_days).toBeNull();
    const refused = await client.account.setRetention({ mediaRetentionDays: 3651 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(sdk.BadRequestError);
    expect(refused).toMatchObject({ status: 400, detail: 'body/media_retention_days must be <= 3650' });

    const archive = await client.account.export();
    expect(archive.filename).toMatch(new RegExp(`^holdline-${accountId}-\\d{4}-\\d{2}-\\d{2}\\.tar$`));
    const dir = mkdtempSync(join(tmpdir(), 'holdline-sdk-archive-'));
    try {
      await pipeline(Readable.fromWeb(archive.body as never), createWriteStream(join(dir, archive.filename)));
      expect(
        execFileSync('tar', ['-tf', join(dir, archive.filename)], { encoding: 'utf8' })
          .split('\n')
          .filter(Boolean),
      ).toEqual([`${scanId}/scan.json`, 'manifest.json']);
      execFileSync('tar', ['-xf', join(dir, archive.filename), '-C', dir]);
      expect(JSON.parse(readFileSync(join(dir, scanId, 'scan.json'), 'utf8'))).toEqual(await client.scans.get(scanId));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    expect(await client.account.changePassword({ password: 'sdk password 1' })).toEqual({ status: 'set', signed_out_sessions: 0 });
    const email = (await service.deps.accounts.byId(accountId))!.email;
    // The key alone cannot close an account that has a password.
    expect(await client.account.close({ email }).catch((error: unknown) => error)).toBeInstanceOf(sdk.BadRequestError);
    expect(await client.account.close({ email, password: 'sdk password 1' })).toEqual({ status: 'closed' });
    expect(await client.usage().catch((error: unknown) => error)).toBeInstanceOf(sdk.AuthenticationError);
  });
});
