import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedUpstream, type ScriptedUpstream } from '../../scripted-upstream/server';
import { fixture } from '../helpers/fixtures';
import { ScanClient } from '../helpers/scan-client';
import { startService, type Service } from '../helpers/service';
import { waitForRecut } from './helpers';

// A worker killed while ffmpeg renders a recut: another worker renders it again and the
// recut completes once, with one re-scan.

let upstream: ScriptedUpstream;
let service: Service;

beforeAll(async () => {
  upstream = await startScriptedUpstream({ modelId: 'base-model' });
  service = await startService({
    inProcessWorkers: false,
    env: { MODEL_BASE_URL: upstream.baseUrl, MODEL_API_KEY: 'upstream-key', MODEL_BASE_NAME: 'base-model' },
  });
});
afterAll(async () => {
  await service?.stop();
  await upstream?.close();
});

/** Pids of ffmpeg processes whose arguments mention `marker` (read from /proc). */
async function ffmpegRendering(marker: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    const args = cmdline.split('\0');
    if (args[0]?.endsWith('ffmpeg') && args.some((a) => a.includes(marker))) found.push(Number(entry));
  }
  return found;
}

describe('a worker killed mid-render', () => {
  it('leaves a recut that another worker completes once', async () => {
    const first = await service.startWorkerProcess();
    const client = new ScanClient(service.apiUrl, (await service.createAccount('agents')).apiKey);
    const submitted = await client.upload((await fixture('recut-weak-open')).path);
    const parent = (await client.waitForScan(submitted.body.scan_id, 240_000)).scan;
    expect(parent.status).toBe('complete');
    const segments = [
      { start: 4, end: 10 },
      { start: 15, end: 21 },
      { start: 25, end: 30 },
    ];
    upstream.script([{ content: JSON.stringify({ segments, rationale: 'drop the stills' }) }]);
    const posted = await client.request('POST', `/v1/scans/${parent.scan_id}/recut`, {});
    expect(posted.status).toBe(202);
    const recutId = posted.body.recut_id as string;
    // ffmpeg is cutting this recut: the worker dies now, and its ffmpeg with it.
    const deadline = Date.now() + 120_000;
    while ((await ffmpegRendering(`${recutId}-render`)).length === 0) {
      if (Date.now() > deadline) throw new Error('the render never started');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    first.kill('SIGKILL');
    await first.exited;
    const second = await service.startWorkerProcess();
    try {
      const { recut } = await waitForRecut(client, recutId);
      expect(recut).toMatchObject({ status: 'complete', proposed_by: 'model', segments });
      const handle = service.temporal.workflow.getHandle(`recut-${recutId}`);
      expect(await handle.result()).toEqual({ recutId, status: 'complete' });
      // The render ran again (attempt 2) and there is one re-scan, complete, of the right length.
      const events = (await handle.fetchHistory()).events ?? [];
      const renderScheduled = events.filter((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'renderRecut').map((e) => String(e.eventId));
      expect(renderScheduled).toHaveLength(1);
      const renderStarted = events.find((e) => renderScheduled.includes(String(e.activityTaskStartedEventAttributes?.scheduledEventId)));
      expect(renderStarted?.activityTaskStartedEventAttributes?.attempt).toBeGreaterThan(1);
      const children = await service.mongo.db.collection('scans').find({ recut_id: recutId }).toArray();
      expect(children).toHaveLength(1);
      expect(children[0]).toMatchObject({ _id: recut.scan_id, status: 'complete' });
      expect(Math.abs((children[0]!.duration_sec as number) - 17)).toBeLessThanOrEqual(1 / 24);
      expect(await service.deps.media.stat('media', `media:${recut.scan_id}`)).not.toBeNull();
      expect(await service.mongo.db.collection('recuts').countDocuments({ _id: recutId as never, status: 'complete' })).toBe(1);
    } finally {
      await second.stop();
    }
  }, 600_000);
});
