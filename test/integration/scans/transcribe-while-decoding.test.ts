import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Context } from '@temporalio/activity';
import { ApplicationFailure, CancelledFailure } from '@temporalio/common';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { measureLoudness } from '../../../activities/media/decode';
import type { ScanActivities } from '../../../activities/scan-activities';
import { workflowBundlePath } from '../../../workers/bundle';
import { FailureType } from '../../../contracts/names';
import type { StartedWorkflows } from '../../../contracts/workflows';
import { fixture } from '../helpers/fixtures';
import { startService, type Service } from '../helpers/service';
import { getStackEnv } from '../helpers/stack-env';

// The scan workflow transcribes the soundtrack while the picture decodes. On the real
// stack: the history shows the chunks scheduled before the picture's decode ended. With
// the workflow's own activities swapped for scripted ones on a private task queue: when
// the picture fails, the transcriptions still running are cancelled and have stopped
// before the clean-up runs, so nothing writes after it.

let service: Service;
let apiKey: string;

beforeAll(async () => {
  service = await startService();
  ({ apiKey } = await service.createAccount());
});
afterAll(async () => service?.stop());

type HistoryEvent = NonNullable<Awaited<ReturnType<ReturnType<Client['workflow']['getHandle']>['fetchHistory']>>['events']>[number];

/** Activity type of each scheduled event id, and the event ids of the given kind per type. */
function activityEvents(events: HistoryEvent[]) {
  const typeOf = new Map<string, string>();
  const at: Record<string, { scheduled: number[]; closed: number[] }> = {};
  for (const e of events) {
    const id = Number(e.eventId);
    const scheduled = e.activityTaskScheduledEventAttributes;
    if (scheduled) {
      const type = scheduled.activityType?.name ?? '?';
      typeOf.set(String(id), type);
      (at[type] ??= { scheduled: [], closed: [] }).scheduled.push(id);
    }
    const closing =
      e.activityTaskCompletedEventAttributes ??
      e.activityTaskFailedEventAttributes ??
      e.activityTaskCanceledEventAttributes ??
      e.activityTaskTimedOutEventAttributes;
    if (closing) {
      const type = typeOf.get(String(closing.scheduledEventId)) ?? '?';
      (at[type] ??= { scheduled: [], closed: [] }).closed.push(id);
    }
  }
  return at;
}

describe('transcription beside the picture decode', () => {
  it('schedules every chunk after the soundtrack, behind the picture decode and before it has ended, and completes the read', async () => {
    const f = await fixture('lively-cuts');
    expect(f.truth.hasAudio).toBe(true);
    const form = new FormData();
    form.append('file', new Blob([await readFile(f.path)]), 'lively.mp4');
    const submitted = await fetch(`${service.apiUrl}/v1/scans`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}` }, body: form });
    expect(submitted.status).toBe(202);
    const { scan_id: scanId } = (await submitted.json()) as { scan_id: string };
    const handle = service.temporal.workflow.getHandle(`scan-${scanId}`);
    expect(await handle.result()).toEqual({ scanId, status: 'complete' });
    const at = activityEvents((await handle.fetchHistory()).events ?? []);
    const [audioDone] = at.extractAudio!.closed;
    const [decodeScheduled] = at.decodeMedia!.scheduled;
    const [decodeDone] = at.decodeMedia!.closed;
    expect(at.transcribeChunk!.scheduled.length).toBeGreaterThan(0);
    expect(audioDone).toBeLessThan(decodeScheduled!);
    for (const chunk of at.transcribeChunk!.scheduled) expect(chunk).toBeLessThan(decodeDone!);
    // The picture decode keeps the scan's priority key (3 on the Signal plan); the chunks queue one key behind it.
    const history = (await handle.fetchHistory()).events ?? [];
    const keyOf = (id: number) => history.find((e) => Number(e.eventId) === id)?.activityTaskScheduledEventAttributes?.priority?.priorityKey ?? 0;
    expect([3, 0]).toContain(keyOf(decodeScheduled!));
    for (const chunk of at.transcribeChunk!.scheduled) expect(keyOf(chunk)).toBe(4);
    const scan = (await (await fetch(`${service.apiUrl}/v1/scans/${scanId}`, { headers: { authorization: `Bearer ${apiKey}` } })).json()) as {
      status: string;
      timeline: { second: number; scores: { loudness: number } }[];
      transcript: unknown[];
      duration_sec: number;
      loudness_lufs: { integrated_lufs: number | null; range_lu: number; true_peak_dbtp: number | null; short_term_lufs: (number | null)[] };
    };
    // The soundtrack's loudness and words, measured apart, landed in the read: the 440 Hz tone
    // (21–25 s) is louder than the silence before it (13.4–21 s), and the speech was heard.
    expect(scan.status).toBe('complete');
    expect(scan.timeline).toHaveLength(Math.ceil(scan.duration_sec));
    expect(scan.timeline[22]!.scores.loudness).toBeGreaterThan(scan.timeline[16]!.scores.loudness);
    expect(scan.transcript.length).toBeGreaterThan(0);
    // The EBU R128 loudness, metered in its own pass beside the picture's decode, is the meter's reading of the file.
    const metered = await measureLoudness({ input: f.path, loudnessLog: join(tmpdir(), `holdline-overlap-${scanId}.r128.txt`) });
    expect(metered.integratedLufs).not.toBeNull();
    expect(scan.loudness_lufs).toMatchObject({
      integrated_lufs: metered.integratedLufs,
      range_lu: metered.rangeLu,
      true_peak_dbtp: metered.truePeakDbtp,
      short_term_lufs: scan.timeline.map((_, t) => metered.shortTermLufs[t] ?? null),
    });
  });

  it('cancels the transcriptions still running when the picture fails, and cleans up only once they have stopped', async () => {
    const { temporalAddress } = getStackEnv();
    const taskQueue = `overlap-failure-${randomBytes(4).toString('hex')}`;
    const calls: string[] = [];
    let started = 0;
    let bothStarted: () => void = () => undefined;
    const transcriptionsRunning = new Promise<void>((resolve) => (bothStarted = resolve));
    const scripted: Partial<ScanActivities> = {
      ingestMedia: async () => ({ bytes: 1 }),
      probeMedia: async () => ({ durationSec: 120, hasVideo: true, hasAudio: true, width: 640, height: 360, fps: 25 }),
      extractAudio: async () => ({
        audioSec: 120,
        chunks: [
          { index: 0, start: 0, end: 60 },
          { index: 1, start: 60, end: 120 },
        ],
      }),
      decodeMedia: async () => {
        await transcriptionsRunning;
        throw ApplicationFailure.nonRetryable('The video could not be decoded.', FailureType.BadMedia);
      },
      transcribeChunk: async ({ chunk }) => {
        if (++started === 2) bothStarted();
        // Runs until cancelled, heartbeating so the cancellation reaches it.
        for (;;) {
          Context.current().heartbeat();
          try {
            await Context.current().sleep(200);
          } catch (error) {
            if (error instanceof CancelledFailure) calls.push(`transcription ${chunk.index} stopped`);
            throw error;
          }
        }
      },
      failScan: async ({ detail }) => {
        calls.push(`failScan: ${detail}`);
        return { status: 'error' };
      },
    };
    const connection = await NativeConnection.connect({ address: temporalAddress });
    const worker = await Worker.create({
      connection,
      taskQueue,
      workflowBundle: { codePath: await workflowBundlePath() },
      activities: scripted,
      maxConcurrentActivityTaskExecutions: 4,
    });
    const clientConnection = await Connection.connect({ address: temporalAddress });
    try {
      const result = await worker.runUntil(
        new Client({ connection: clientConnection }).workflow.execute<StartedWorkflows['scanWorkflow']>('scanWorkflow', {
          taskQueue,
          workflowId: `overlap-failure-${taskQueue}`,
          args: [{ scanId: 'scn_overlap_failure' }],
        }),
      );
      expect(result).toEqual({ scanId: 'scn_overlap_failure', status: 'error', detail: 'The video could not be decoded.' });
      expect(calls.slice(0, 2).sort()).toEqual(['transcription 0 stopped', 'transcription 1 stopped']);
      expect(calls.slice(2)).toEqual(['failScan: The video could not be decoded.']);
    } finally {
      await clientConnection.close();
      await connection.close();
    }
  });
});
