import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApplicationFailure } from '@temporalio/common';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import type { ScanActivities } from '../../../activities/scan-activities';
import { workflowBundlePath } from '../../../workers/bundle';
import type { ScanWorkflowResult } from '../../../contracts/scan-types';
import type { StartedWorkflows } from '../../../contracts/workflows';
import { getStackEnv } from '../helpers/stack-env';

// Where refineCuts sits in the scan workflow, with the workflow's activities swapped for
// scripted ones on a private task queue of the real Temporal server: after the picture's
// decode (which keeps the media copy for it), beside the transcription still running; and
// a refinement out of attempts does not fail the scan: its read is told so.

async function runScan(scripted: Partial<ScanActivities>, scanId: string): Promise<ScanWorkflowResult> {
  const { temporalAddress } = getStackEnv();
  const taskQueue = `refine-cuts-${randomBytes(4).toString('hex')}`;
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
    return await worker.runUntil(
      new Client({ connection: clientConnection }).workflow.execute<StartedWorkflows['scanWorkflow']>('scanWorkflow', {
        taskQueue,
        workflowId: `${taskQueue}-${scanId}`,
        args: [{ scanId }],
      }),
    );
  } finally {
    await clientConnection.close();
    await connection.close();
  }
}

function scriptedScan(calls: string[], hasAudio: boolean, refineCuts: ScanActivities['refineCuts']): Partial<ScanActivities> {
  let refining: () => void = () => undefined;
  const refineStarted = new Promise<void>((resolve) => (refining = resolve));
  return {
    ingestMedia: async () => ({ bytes: 1 }),
    probeMedia: async () => ({ durationSec: 60, hasVideo: true, hasAudio, width: 640, height: 360, fps: 25, fpsVariable: false }),
    extractAudio: async () => ({ audioSec: 60, chunks: [{ index: 0, start: 0, end: 60 }] }),
    decodeMedia: async (input) => {
      calls.push(`decodeMedia keepMedia=${String(input.keepMedia)}`);
      return { frames: 240, durationSec: 60, chunks: [] };
    },
    transcribeChunk: async () => {
      // Still running when the refinement starts: the two overlap.
      await refineStarted;
      calls.push('transcribeChunk done');
      return { words: 0 };
    },
    refineCuts: async (input) => {
      calls.push('refineCuts');
      refining();
      return refineCuts(input);
    },
    assembleRead: async (input) => {
      calls.push(`assembleRead ${JSON.stringify(input)}`);
      return { seconds: 60 };
    },
    persistScan: async () => undefined,
    failScan: async ({ detail }) => {
      calls.push(`failScan: ${detail}`);
      return { status: 'error' };
    },
  };
}

describe('refineCuts in the scan workflow', () => {
  it("runs after the picture's decode, which keeps the media for it, beside the transcription", async () => {
    const calls: string[] = [];
    const result = await runScan(
      scriptedScan(calls, true, async () => ({ cuts: 3, refined: 3 })),
      'scn_refine_overlap',
    );
    expect(result).toEqual({ scanId: 'scn_refine_overlap', status: 'complete' });
    expect(calls).toEqual(['decodeMedia keepMedia=true', 'refineCuts', 'transcribeChunk done', 'assembleRead {"scanId":"scn_refine_overlap"}']);
  });

  it('completes the scan when the refinement fails for good, telling the read its cuts stay on the grid', async () => {
    const calls: string[] = [];
    const failing = async (): Promise<never> => {
      throw ApplicationFailure.nonRetryable('the media copy could not be read', 'Broken');
    };
    const result = await runScan(scriptedScan(calls, false, failing), 'scn_refine_failed');
    expect(result).toEqual({ scanId: 'scn_refine_failed', status: 'complete' });
    expect(calls).toEqual(['decodeMedia keepMedia=true', 'refineCuts', 'assembleRead {"scanId":"scn_refine_failed","cutRefinementFailed":true}']);
  });
});
