// The recut agent on the real embedded model (llama-server with SmolLM2-135M-Instruct, greedy
// sampling): the proposal goes through the model step; the small model's answer does not
// validate, so the one retry with the reasons runs, then the rules propose, and the recut says
// so. This asserts the path, not the quality of any cut.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SMOLLM2_135M } from '../../../core/chat/embedded-model';
import { startModelServer, type ModelServer } from '../../../tooling/stack/model';
import { fixture } from '../helpers/fixtures';
import { countingProxy } from '../helpers/model-proxy';
import { ScanClient } from '../helpers/scan-client';
import { startService, type Service } from '../helpers/service';
import { ONE_RECUT_TEST_MS, waitForRecut } from './helpers';

let dir: string;
let model: ModelServer;
let proxy: Awaited<ReturnType<typeof countingProxy>>;
let service: Service;
let agents: ScanClient;
let parent: { scan_id: string; status: string };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'holdline-model-'));
  model = await startModelServer({ logFile: join(dir, 'model.log'), model: SMOLLM2_135M, maxTokens: 160, extraArgs: ['--temp', '0', '--seed', '1'] });
  proxy = await countingProxy(model.baseUrl.replace(/\/v1$/, ''));
  service = await startService({ env: { ...model.env, MODEL_BASE_URL: `${proxy.url}/v1` } });
  agents = new ScanClient(service.apiUrl, (await service.createAccount('agents')).apiKey);
  const video = await fixture('recut-weak-open');
  const submitted = await agents.upload(video.path, { title: 'weak opening' });
  expect(submitted.status).toBe(202);
  parent = (await agents.waitForScan(submitted.body.scan_id, 240_000)).scan;
  expect(parent.status).toBe('complete');
}, 400_000);

afterAll(async () => {
  await service?.stop();
  await proxy?.close();
  await model?.proc.stop();
  rmSync(dir, { recursive: true, force: true });
});

it(
  'asks the model, sends its refused answer back once with the reasons, then the rules propose',
  async () => {
    const before = proxy.answers.length;
    const submitted = await agents.request('POST', `/v1/scans/${parent.scan_id}/recut`, { goal: 'open strong' });
    expect(submitted.status).toBe(202);
    const { recut } = await waitForRecut(agents, submitted.body.recut_id);
    const asked = proxy.answers.slice(before);
    expect(asked).toHaveLength(2);
    // The retry carries the first answer and why it was refused.
    const retryText = JSON.stringify(asked[1]?.request.messages?.at(-1));
    expect(retryText).not.toBe(JSON.stringify(asked[0]?.request.messages?.at(-1)));
    expect(recut).toMatchObject({ status: 'complete', proposed_by: 'rules', base_model: null });
    expect(recut.rationale).toContain("the model's answers were refused twice");
  },
  ONE_RECUT_TEST_MS,
);
