// On the real stack: the committed client types (clients/js/src/openapi.d.ts) are
// what openapi-typescript makes of the served /openapi.json; a small client typed
// by them submits and reads a scan; the API's /metrics counts it, and the worker
// process serves Temporal's SDK metrics (per activity, i.e. per scan stage) on its port.
import { readFile } from 'node:fs/promises';
import { openAsBlob } from 'node:fs';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../../clients/js/src/openapi';
import { API_TYPES_PATH, apiTypes } from '../../../scripts/openapi-types';
import { fixture } from '../helpers/fixtures';
import { ONE_SCAN_TEST_MS, SCAN_WAIT_MS } from '../helpers/scan-client';
import { startService, type Service } from '../helpers/service';

type Json<Path extends keyof paths, Method extends keyof paths[Path], Status extends number> = paths[Path][Method] extends {
  responses: { [S in Status]: { content: { 'application/json': infer Body } } };
}
  ? Body
  : never;
type Queued = Json<'/v1/scans', 'post', 202>;
type Scan = Json<'/v1/scans/{id}', 'get', 200>;
type Problem = Json<'/v1/scans/{id}', 'get', 404>;
// Compile-time checks that the generated types resolve (a `never` here would not accept these).
const typed: [Queued['scan_id'], Scan['status'], Problem['detail']] = ['scn_', 'queued', 'no scan'];
void typed;

/** The client a customer would generate: every body typed by the document. */
class TypedClient {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
  ) {}
  private get auth() {
    return { authorization: `Bearer ${this.apiKey}` };
  }
  async upload(path: string, title: string): Promise<{ status: 202; body: Queued } | { status: number; body: Problem }> {
    const form = new FormData();
    form.append('title', title);
    form.append('file', await openAsBlob(path), 'clip.mp4');
    const response = await fetch(`${this.baseUrl}/v1/scans`, { method: 'POST', headers: this.auth, body: form });
    return { status: response.status, body: await response.json() } as { status: 202; body: Queued };
  }
  async scan(id: string): Promise<{ status: 200; body: Scan } | { status: 404; body: Problem }> {
    const response = await fetch(`${this.baseUrl}/v1/scans/${encodeURIComponent(id)}`, { headers: this.auth });
    return { status: response.status, body: await response.json() } as { status: 200; body: Scan };
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const TOKEN = 'integration-metrics-token';
let service: Service;
let workerMetrics: string;

beforeAll(async () => {
  service = await startService({ inProcessWorkers: false, env: { HOLDLINE_METRICS_TOKEN: TOKEN } });
  workerMetrics = `127.0.0.1:${await freePort()}`;
  // startWorkerProcess returns once the worker polls both queues: its runtime (and exporter) is up.
  await service.startWorkerProcess({ HOLDLINE_WORKER_METRICS_ADDRESS: workerMetrics });
}, 180_000);

afterAll(async () => {
  await service?.stop();
});

describe('the generated client on the real stack', () => {
  it('the committed types are what openapi-typescript makes of the served document (else: npm run openapi:types)', async () => {
    const served = (await (await fetch(`${service.apiUrl}/openapi.json`)).json()) as object;
    expect(await apiTypes(served)).toBe(await readFile(API_TYPES_PATH, 'utf8'));
  });

  it(
    'submits an upload and reads the complete scan; the API and the worker count it',
    async () => {
      const sample = await fixture('sample');
      const { apiKey } = await service.createAccount();
      const client = new TypedClient(service.apiUrl, apiKey);
      const submitted = await client.upload(sample.path, 'Typed client');
      expect(submitted.status).toBe(202);
      const queued = submitted.body as Queued;
      expect(queued.scan_id).toMatch(/^scn_/);
      let scan: Scan | undefined;
      const deadline = Date.now() + SCAN_WAIT_MS;
      while (Date.now() < deadline) {
        const read = await client.scan(queued.scan_id);
        expect(read.status).toBe(200);
        scan = read.body as Scan;
        if (scan.status === 'complete' || scan.status === 'error') break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(scan?.status).toBe('complete');
      expect(typeof scan!.score).toBe('number');
      expect(scan!.timeline!.length).toBeGreaterThan(0);
      expect((await client.scan('scn_000000000000000000000000')).status).toBe(404);

      const api = await fetch(`${service.apiUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(api.status).toBe(200);
      const apiText = await api.text();
      expect(apiText).toContain('holdline_scan_submissions_total{kind="scan",outcome="submitted"} 1');
      expect(apiText).toMatch(/holdline_http_requests_total\{method="GET",route="\/v1\/scans\/:id",status="200"\} \d+/);

      // Temporal's own metrics from the worker process, one series per activity type (the scan's stages).
      const worker = await fetch(`http://${workerMetrics}/metrics`);
      expect(worker.status).toBe(200);
      const workerText = await worker.text();
      for (const stage of ['ingestMedia', 'probeMedia', 'decodeMedia', 'transcribeChunk', 'assembleRead', 'persistScan']) {
        expect(workerText).toMatch(new RegExp(`^temporal_activity_execution_latency_count\\{.*activity_type="${stage}"`, 'm'));
      }
      expect(workerText).toMatch(/^temporal_workflow_completed\{.*workflow_type="scanWorkflow"/m);
      expect(workerText).toMatch(/^temporal_workflow_endtoend_latency_count\{.*workflow_type="scanWorkflow"/m);
    },
    ONE_SCAN_TEST_MS,
  );
});
