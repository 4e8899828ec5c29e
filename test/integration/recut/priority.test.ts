import { tsToMs } from '@temporalio/common/lib/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../helpers/fixtures';
import { ScanClient } from '../helpers/scan-client';
import { startService, type Service } from '../helpers/service';
import type { ManagedProcess } from '../../../scripts/stack';

// The Agents plan's priority queue on the real stack: one scan worker with one activity
// slot, saturated by four Signal scans; an Agents scan submitted after them must start its
// first activity before every Signal scan still waiting, and each of its activities must be
// the next one started once it is scheduled. The order is read from the workflow histories.

let service: Service;
let worker: ManagedProcess;

beforeAll(async () => {
  service = await startService({ inProcessWorkers: false });
  worker = await service.startWorkerProcess({ HOLDLINE_SCAN_CONCURRENCY: '1' });
});
afterAll(async () => {
  await worker?.stop();
  await service?.stop();
});

interface ActivityRun {
  scan: string;
  name: string;
  scheduled: number;
  started: number;
}

async function activityRuns(scanId: string): Promise<{ runs: ActivityRun[]; workflowStarted: number; completed: number }> {
  const history = await service.temporal.workflow.getHandle(`scan-${scanId}`).fetchHistory();
  const events = history.events ?? [];
  const scheduled = new Map<string, { name: string; at: number }>();
  const runs: ActivityRun[] = [];
  for (const e of events) {
    const id = String(e.eventId);
    if (e.activityTaskScheduledEventAttributes) scheduled.set(id, { name: e.activityTaskScheduledEventAttributes.activityType?.name ?? '?', at: tsToMs(e.eventTime) });
    const startedAttrs = e.activityTaskStartedEventAttributes;
    if (startedAttrs) {
      const s = scheduled.get(String(startedAttrs.scheduledEventId));
      runs.push({ scan: scanId, name: s?.name ?? '?', scheduled: s?.at ?? Number.NaN, started: tsToMs(e.eventTime) });
    }
  }
  const last = events.at(-1);
  return { runs, workflowStarted: tsToMs(events[0]!.eventTime), completed: tsToMs(last!.eventTime) };
}

describe('the priority queue', () => {
  it('runs an Agents scan ahead of the Signal scans waiting before it, activity after activity', async () => {
    const video = await fixture('no-audio');
    const signal = new ScanClient(service.apiUrl, (await service.createAccount('signal')).apiKey);
    const agents = new ScanClient(service.apiUrl, (await service.createAccount('agents')).apiKey);
    const signalIds: string[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await signal.upload(video.path, { title: `signal ${i}` });
      expect(response.status).toBe(202);
      signalIds.push(response.body.scan_id);
    }
    const submitted = await agents.upload(video.path, { title: 'agents' });
    expect(submitted.status).toBe(202);
    const agentsId = submitted.body.scan_id as string;
    for (const id of signalIds) expect((await signal.waitForScan(id, 600_000)).scan.status).toBe('complete');
    expect((await agents.waitForScan(agentsId, 600_000)).scan.status).toBe('complete');

    const agentsRuns = await activityRuns(agentsId);
    const signalRuns = await Promise.all(signalIds.map(activityRuns));
    const allSignal = signalRuns.flatMap((r) => r.runs);
    // Signal scans that had started nothing when the Agents scan's workflow started: the ones waiting.
    const waiting = signalRuns.filter((r) => Math.min(...r.runs.map((a) => a.started)) > agentsRuns.workflowStarted);
    expect(waiting.length, 'the worker was saturated: Signal scans were still waiting').toBeGreaterThanOrEqual(2);
    const agentsFirst = Math.min(...agentsRuns.runs.map((a) => a.started));
    for (const w of waiting) expect(agentsFirst).toBeLessThan(Math.min(...w.runs.map((a) => a.started)));
    // Each Agents activity, once scheduled, was the next to start: no Signal activity started in between.
    for (const a of agentsRuns.runs) {
      const jumped = allSignal.filter((s) => s.started > a.scheduled && s.started < a.started);
      expect(jumped, `${a.name} of the Agents scan waited for ${jumped.map((j) => `${j.scan}/${j.name}`).join(', ')}`).toEqual([]);
    }
    // So it finished before every Signal scan that was waiting when it arrived.
    for (const w of waiting) expect(agentsRuns.completed).toBeLessThan(w.completed);
    console.log(
      `priority: ${waiting.length} Signal scans waiting; Agents scan's activities ${agentsRuns.runs.map((a) => a.name).join(', ')}; ` +
        `first started ${agentsFirst - agentsRuns.workflowStarted} ms after its workflow`,
    );
  }, 900_000);
});
