// The Python SDK (clients/python) as a customer gets it: its wheel built from the work tree
// and installed apart, then its own tests run against the real stack (a real scan of the
// sample fixture, sync and async) with the clients' Python (scripts/install-pyclients.sh).
// What the Python saw is then checked here against the fixture's truth and the service's
// own answers, so a wrong read cannot pass because the Python tests agree with themselves.

import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportScan } from '../../../core/exports';
import { REPO_ROOT } from '../../../tooling/repo-root';
import { fixture, type Fixture } from '../helpers/fixtures';
import { ScanClient } from '../helpers/scan-client';
import { startService, type Service } from '../helpers/service';
import { expectCutsMatchTruth, expectMomentsOutsideDead, recordWrittenProgress } from '../helpers/truth-checks';
import { junitCases, runPython, type PythonRun, type TestCaseResult } from './run-python';

const SDK_DIR = join(REPO_ROOT, 'clients', 'python');
/** Two scans of the 20-second sample one after the other, each allowed 240 s by the Python tests. */
const PYTEST_BUDGET_MS = 600_000;

const STACK_TESTS = [
  'tests.test_stack::test_async_scans_waits_lists_and_raises_alike',
  'tests.test_stack::test_sync_account_retention_round_trips_and_the_archive_holds_the_read',
  'tests.test_stack::test_sync_delete_leaves_a_scan_that_reads_as_not_found',
  'tests.test_stack::test_sync_export_is_the_file_the_service_names',
  'tests.test_stack::test_sync_get_answers_the_same_read',
  'tests.test_stack::test_sync_list_pages_through_every_scan_of_the_account',
  'tests.test_stack::test_sync_unknown_export_format_is_bad_request_error',
  'tests.test_stack::test_sync_unknown_scan_is_not_found_error',
  'tests.test_stack::test_sync_upload_is_queued_under_a_scan_id',
  'tests.test_stack::test_sync_wait_reports_progress_and_returns_the_complete_read',
  'tests.test_stack::test_sync_wrong_key_is_authentication_error',
];

interface Observed {
  queued: { scan_id: string; status: string; pct: number };
  progress: Array<{ status: string; pct?: number; stage?: string }>;
  read: any;
}
interface Report {
  sync: Observed;
  sync_list: string[];
  sync_export_vtt: string;
  async: Observed & { list: string[] };
  deleted: string;
}

let service: Service;
let api: ScanClient;
let sample: Fixture;
let scratch: string;
let wheels: string[];
let installedFrom: PythonRun;
let pytest: PythonRun;
let cases: TestCaseResult[];
let report: Report;
let written: ReturnType<typeof recordWrittenProgress>;

beforeAll(async () => {
  sample = await fixture('sample');
  written = recordWrittenProgress();
  service = await startService();
  const { apiKey } = await service.createAccount();
  api = new ScanClient(service.apiUrl, apiKey);
  scratch = await mkdtemp(join(tmpdir(), 'holdline-python-sdk-'));

  // Built offline with the environment's pinned hatchling, installed with no dependencies
  // (httpx is in the environment): what `pip install ./clients/python` gives a customer.
  const built = await runPython(['-m', 'pip', 'wheel', '--quiet', '--no-deps', '--no-build-isolation', '--no-index', '-w', join(scratch, 'dist'), SDK_DIR], {});
  if (built.code !== 0) throw new Error(`building the wheel failed:\n${built.stderr}`);
  wheels = await readdir(join(scratch, 'dist'));
  const site = join(scratch, 'site');
  const installed = await runPython(['-m', 'pip', 'install', '--quiet', '--no-deps', '--no-index', '--target', site, join(scratch, 'dist', wheels[0]!)], {});
  if (installed.code !== 0) throw new Error(`installing the wheel failed:\n${installed.stderr}`);
  installedFrom = await runPython(['-c', 'import holdline; print(holdline.__file__)'], { PYTHONPATH: site });

  const reportPath = join(scratch, 'report.json');
  pytest = await runPython(
    ['-m', 'pytest', '-p', 'no:cacheprovider', '-q', '--junitxml', join(scratch, 'junit.xml'), 'tests'],
    {
      PYTHONPATH: site,
      HOLDLINE_BASE_URL: service.apiUrl,
      HOLDLINE_API_KEY: apiKey,
      HOLDLINE_SAMPLE_VIDEO: sample.path,
      HOLDLINE_SDK_REPORT: reportPath,
    },
    SDK_DIR,
  );
  cases = await junitCases(join(scratch, 'junit.xml'));
  report = JSON.parse(await readFile(reportPath, 'utf8')) as Report;
}, PYTEST_BUDGET_MS + 120_000);

afterAll(async () => {
  written?.stop();
  await service?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('the Python SDK against the real stack', () => {
  it('is a wheel with its type marker (mypy reads it as typed: tests/test_types.py), and the tests import it from where it was installed', () => {
    expect(wheels).toEqual(['holdline-0.1.0-py3-none-any.whl']);
    expect(installedFrom.stdout.trim()).toBe(join(scratch, 'site', 'holdline', '__init__.py'));
  });

  it('passes every one of its tests, the stack tests included, with none skipped', () => {
    const notPassed = cases.filter((c) => c.outcome !== 'passed');
    expect(notPassed, pytest.stdout.slice(-4000)).toEqual([]);
    expect(pytest.code).toBe(0);
    expect(
      cases
        .filter((c) => c.id.startsWith('tests.test_stack::'))
        .map((c) => c.id)
        .sort(),
    ).toEqual(STACK_TESTS);
    // The unit tests (a scripted transport; 38 when written) and the type checks of the installed package ran in the same run.
    expect(cases.filter((c) => c.id.startsWith('tests.test_client.')).length).toBeGreaterThanOrEqual(38);
    expect(cases.filter((c) => c.id.startsWith('tests.test_types::')).map((c) => c.id)).toEqual([
      'tests.test_types::test_a_customers_usage_type_checks_strictly',
      'tests.test_types::test_misuse_is_caught_line_by_line',
    ]);
  });

  it('read the sample as its truth says, the same read the service gives any client', async () => {
    for (const observed of [report.sync, report.async]) {
      expect(expectCutsMatchTruth(observed.read, sample)).toBeGreaterThan(0);
      expectMomentsOutsideDead(observed.read);
      const { status, body } = await api.request('GET', `/v1/scans/${observed.queued.scan_id}`);
      expect(status).toBe(200);
      expect(body).toEqual(observed.read);
    }
    expect(report.sync.read.scan_id).not.toBe(report.async.read.scan_id);
  });

  it('reported only progress the workers wrote, in order, ending with the complete read', () => {
    for (const observed of [report.sync, report.async]) {
      const wrote = written.of(observed.queued.scan_id);
      const inFlight = observed.progress.slice(0, -1).map((p) => p.pct);
      // 0 is the queued scan's, before any worker wrote.
      expect(inFlight.filter((pct) => pct !== 0 && !wrote.includes(pct!))).toEqual([]);
      expect(inFlight).toEqual([...inFlight].sort((a, b) => a! - b!));
      expect(observed.progress.at(-1)).toEqual(observed.read);
    }
  });

  it("listed the account's scans newest first, page by page; one Idempotency-Key made one scan, and the deleted one is gone", async () => {
    expect(report.sync_list).toEqual([report.sync.queued.scan_id]);
    expect(report.async.list).toEqual([report.async.queued.scan_id, report.sync.queued.scan_id]);
    const { body } = await api.request('GET', '/v1/scans?limit=100');
    expect(body.data.map((row: { scan_id: string }) => row.scan_id)).toEqual([report.async.queued.scan_id, report.sync.queued.scan_id]);
    expect((await api.request('GET', `/v1/scans/${report.deleted}`)).status).toBe(404);
  });

  it("exported the file the service's exporter makes", () => {
    expect(report.sync_export_vtt).toBe(exportScan(report.sync.read, 'vtt').body);
  });
});
