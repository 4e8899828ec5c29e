import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedUpstream, type ScriptedUpstream } from '../../scripted-upstream/server';
import { fixture } from '../helpers/fixtures';
import { ScanClient } from '../helpers/scan-client';
import { startService, type Service } from '../helpers/service';
import { runHoldline, type CliRun } from '../../unit/cli/run-holdline';

// `holdline recut` spawned against the real stack (render and re-scan with
// ffmpeg and pocketsphinx); the model that proposes the cut is the scripted
// upstream on loopback.

let upstream: ScriptedUpstream;
let service: Service;

function holdline(args: string[], apiKey: string): Promise<CliRun> {
  return runHoldline(args, { HOLDLINE_CONFIG: '/nonexistent/holdline.json', HOLDLINE_BASE_URL: service.apiUrl, HOLDLINE_API_KEY: apiKey });
}

beforeAll(async () => {
  upstream = await startScriptedUpstream({ modelId: 'base-model' });
  service = await startService({ env: { MODEL_BASE_URL: upstream.baseUrl, MODEL_API_KEY: 'upstream-key', MODEL_BASE_NAME: 'base-model' } });
});

afterAll(async () => {
  await service?.stop();
  await upstream?.close();
});

describe('holdline recut', () => {
  it('waits for the recut, reporting its stages, then prints what was kept and before/after', async () => {
    const { apiKey } = await service.createAccount('agents');
    const client = new ScanClient(service.apiUrl, apiKey);
    const submitted = await client.upload((await fixture('recut-weak-open')).path);
    const parent = (await client.waitForScan(submitted.body.scan_id, 240_000)).scan;
    expect(parent.status).toBe('complete');
    upstream.script([
      {
        content: JSON.stringify({
          segments: [
            { start: 4, end: 10 },
            { start: 15, end: 21 },
          ],
          rationale: 'drop the stills',
        }),
      },
    ]);
    const run = await holdline(['recut', parent.scan_id, '--goal', 'tighter'], apiKey);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^rct_[0-9a-f]{24}: (queued|propose|render|rescan)/m);
    const recutId = /^(rct_[0-9a-f]{24}) complete: kept 4–10 s, 15–21 s$/m.exec(run.stdout)?.[1];
    expect(recutId).toBeDefined();
    const recut = (await client.request('GET', `/v1/recuts/${recutId}`)).body;
    expect(run.stdout).toContain(`before  score ${recut.before.score} (${recut.before.grade}), hook ${recut.before.hook}`);
    expect(run.stdout).toContain(`after   score ${recut.after.score} (${recut.after.grade}), hook ${recut.after.hook}`);
    expect(run.stdout).toContain('drop the stills');
  });
});
