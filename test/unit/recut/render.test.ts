// The recut's render step with real ffmpeg and ffprobe over small in-memory stores:
// odd frame sizes render, ffmpeg's own words never reach the recut's detail, the input
// guards of the scan side apply, and a recut that fails before its re-scan gives its
// scan unit back (once). Fixtures are made here with ffmpeg's lavfi sources.
import { ApplicationFailure } from '@temporalio/activity';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDER_FAILED_DETAIL, createRecutActivities, type RecutActivityDeps } from '../../../activities/recut-activities';
import { probeMedia } from '../../../activities/media/probe';
import { DEFAULT_MEDIA_LIMITS, frameSizeOverLimit } from '../../../core/media-limits';
import type { RecutDoc } from '../../../store/recuts';
import type { ScanDoc } from '../../../store/scan-docs';
import { inActivityContext, newActivityRecord, type ActivityRecord } from '../activity-context';

const run = promisify(execFile);
let dir: string;
let oddVideo: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'recut-render-'));
  oddVideo = join(dir, 'odd-17x17.mp4');
  // 17×17, 4 s, with sound: yuv444p lets libx264 write the odd size the render must cope with.
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=17x17:rate=25:duration=4',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=4',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv444p',
    '-c:a',
    'aac',
    '-shortest',
    oddVideo,
  ]);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function world(input: string, overrides: Partial<RecutActivityDeps> = {}) {
  const recut: RecutDoc = {
    _id: 'rct_1',
    recut_id: 'rct_1',
    account_id: 'acct_1',
    parent_scan_id: 'scn_parent',
    scan_id: 'scn_child',
    goal: null,
    max_seconds: null,
    status: 'processing',
    stage: 'render',
    pct: 20,
    segments: [
      { start: 0, end: 1.5 },
      { start: 2.5, end: 4 },
    ],
    created_at: new Date('2026-02-27T10:00:00Z'),
    updated_at: new Date('2026-02-27T10:00:00Z'),
  };
  const stored = new Map<string, number>();
  const queued: Array<Record<string, unknown>> = [];
  const givenBack: Array<{ accountId: string; counter: string; month: Date | undefined }> = [];
  const deps: RecutActivityDeps = {
    recuts: {
      get: async (id) => (id === recut._id ? { ...recut } : null),
      advance: async (_id, stage, pct) => void Object.assign(recut, { stage, pct, status: 'processing' }),
      complete: async () => undefined,
      fail: async (_id, detail) => {
        if (recut.status === 'error') return false;
        Object.assign(recut, { status: 'error', stage: 'error', detail });
        return true;
      },
    },
    scans: {
      get: async (id) => (id === 'scn_parent' ? ({ _id: id, scan_id: id, account_id: 'acct_1', status: 'complete', title: 'Odd' } as ScanDoc) : null),
      insertQueued: async (doc) => {
        queued.push(doc);
        return doc as ScanDoc;
      },
    },
    media: {
      media: 'media',
      put: async (_bucket, id, source) => {
        let bytes = 0;
        for await (const chunk of source as Readable) bytes += (chunk as Buffer).length;
        stored.set(id, bytes);
        return bytes;
      },
    },
    mediaCache: { get: async () => input },
    usage: { giveBack: async (accountId, counter, month) => void givenBack.push({ accountId, counter, month }) },
    probe: probeMedia,
    model: { complete: () => Promise.reject(new Error('not used')) } as unknown as RecutActivityDeps['model'],
    modelName: 'none',
    scratchDir: join(dir, 'scratch'),
    ...overrides,
  };
  return { recut, stored, queued, givenBack, activities: createRecutActivities(deps) };
}

async function renderFailure(activities: ReturnType<typeof createRecutActivities>, record: ActivityRecord = newActivityRecord()): Promise<ApplicationFailure> {
  const error = await inActivityContext(() => activities.renderRecut({ recutId: 'rct_1' }), 'renderRecut', record).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApplicationFailure);
  return error as ApplicationFailure;
}

describe('renderRecut', () => {
  it('renders a 17×17 source (scaled to even sides) and queues the re-scan', async () => {
    const { activities, stored, queued } = world(oddVideo);
    const { bytes } = await inActivityContext(() => activities.renderRecut({ recutId: 'rct_1' }), 'renderRecut');
    expect(bytes).toBeGreaterThan(0);
    expect(stored.get('media:scn_child')).toBe(bytes);
    expect(queued.map((doc) => [doc.scan_id, doc.parent_scan_id, doc.recut_id, doc.title])).toEqual([['scn_child', 'scn_parent', 'rct_1', 'Odd (recut)']]);
  });

  it('the rendered file is 18×18 H.264 yuv420p of the kept 3 s', async () => {
    const out = join(dir, 'kept.mp4');
    const { activities } = world(oddVideo, {
      media: {
        media: 'media',
        put: async (_bucket, _id, source) => {
          const chunks: Buffer[] = [];
          for await (const chunk of source as Readable) chunks.push(chunk as Buffer);
          await writeFile(out, Buffer.concat(chunks));
          return Buffer.concat(chunks).length;
        },
      },
    });
    await inActivityContext(() => activities.renderRecut({ recutId: 'rct_1' }), 'renderRecut');
    const info = await probeMedia(out);
    expect([info.width, info.height, info.hasAudio]).toEqual([18, 18, true]);
    expect(Math.abs(info.durationSec - 3)).toBeLessThanOrEqual(0.1);
    const { stdout } = await run('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,pix_fmt', '-of', 'csv=p=0', out]);
    expect(stdout.trim()).toBe('h264,yuv420p');
  });

  it("a render ffmpeg fails on gets our words in the detail; ffmpeg's stderr goes to the log only", async () => {
    // Probed as a good video (the stub), but the bytes are not one: ffmpeg fails on them.
    const junk = join(dir, 'junk.mp4');
    await writeFile(junk, Buffer.alloc(4096, 7));
    const { activities, stored } = world(junk, {
      probe: async () => ({
        durationSec: 4,
        hasVideo: true,
        hasAudio: false,
        width: 16,
        height: 16,
        formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
        majorBrand: null,
        fps: 25,
      }),
    });
    const record = newActivityRecord();
    const failure = await renderFailure(activities, record);
    expect([failure.type, failure.nonRetryable, failure.message]).toEqual(['RenderFailed', true, RENDER_FAILED_DETAIL]);
    expect(JSON.stringify(record.warnings)).toContain('recut render failed');
    expect(stored.size).toBe(0);
  });

  it('the render reads through the format whitelist: a concat list naming another file is refused', async () => {
    const list = join(dir, 'list.ffconcat');
    await writeFile(list, `ffconcat version 1.0\nfile '${oddVideo}'\n`);
    const { activities, stored } = world(list, {
      probe: async () => ({ durationSec: 4, hasVideo: true, hasAudio: true, width: 17, height: 17, formatName: 'concat', majorBrand: null, fps: 25 }),
    });
    const failure = await renderFailure(activities);
    expect(failure.message).toBe(
      'The recut could not be rendered. The file is not in a video format we accept; send MP4, MOV, 3GP, WebM, Matroska, AVI, FLV, MPEG-TS, MPEG-PS, Ogg, ASF/WMV or MXF.',
    );
    expect(stored.size).toBe(0);
  });

  it('the render and its probe apply the pixel limit', async () => {
    const limits = { ...DEFAULT_MEDIA_LIMITS, maxPixels: 200 };
    const probed = world(oddVideo, { mediaLimits: limits });
    expect((await renderFailure(probed.activities)).message).toBe(`The recut could not be rendered. ${frameSizeOverLimit(17, 17, limits)}`);
    // Past a probe that let it through, ffmpeg itself refuses the frame.
    const rendered = world(oddVideo, {
      mediaLimits: limits,
      probe: async () => ({
        durationSec: 4,
        hasVideo: true,
        hasAudio: true,
        width: 10,
        height: 10,
        formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
        majorBrand: null,
        fps: 25,
      }),
    });
    expect((await renderFailure(rendered.activities)).message).toBe(`The recut could not be rendered. ${frameSizeOverLimit(17, 17, limits)}`);
  });
});

describe('failRecut', () => {
  it('before the re-scan: gives the scan unit back to the month it was taken in, once', async () => {
    const { activities, recut, givenBack } = world(oddVideo);
    await inActivityContext(() => activities.failRecut({ recutId: 'rct_1', detail: 'the render failed', giveBackUnit: true }), 'failRecut');
    await inActivityContext(() => activities.failRecut({ recutId: 'rct_1', detail: 'the render failed', giveBackUnit: true }), 'failRecut');
    expect(recut).toMatchObject({ status: 'error', detail: 'the render failed' });
    expect(givenBack).toEqual([{ accountId: 'acct_1', counter: 'scans', month: new Date('2026-02-27T10:00:00Z') }]);
  });

  it('after the re-scan ran: the unit stays counted (the scan was made)', async () => {
    const { activities, givenBack } = world(oddVideo);
    await inActivityContext(() => activities.failRecut({ recutId: 'rct_1', detail: 'the re-scan failed', giveBackUnit: false }), 'failRecut');
    expect(givenBack).toEqual([]);
  });
});

describe('recordRecutProposal (issue 32: recuts on word boundaries)', () => {
  it("moves a proposal's cut points into the pauses between words and says so in the rationale", async () => {
    const parent = {
      _id: 'scn_parent',
      scan_id: 'scn_parent',
      account_id: 'acct_1',
      status: 'complete',
      title: 'Talk',
      duration_sec: 20,
      timeline: [{ second: 0, scores: { hold: 50, motion: 0, loudness: 0, speech: 0 } }],
      transcript: [
        { start: 0.4, end: 5.6, text: 'And Mr. John Dashwood' },
        { start: 6.5, end: 11.2, text: 'not the setup.' },
        { start: 12, end: 19.5, text: 'That is it for today.' },
      ],
    } as unknown as ScanDoc;
    let stored: unknown;
    const { activities } = world(oddVideo, {
      scans: { get: async (id) => (id === 'scn_parent' ? parent : null), insertQueued: async (doc) => doc as ScanDoc },
      recuts: {
        get: async () => ({ _id: 'rct_1', parent_scan_id: 'scn_parent' }) as RecutDoc,
        advance: async (_id, _stage, _pct, fields) => void (stored = fields),
        complete: async () => undefined,
        fail: async () => true,
      },
    });
    // Whole seconds from a model: 5 s cuts into "Dashwood", 9 s into "the setup".
    await activities.recordRecutProposal({
      recutId: 'rct_1',
      proposal: {
        segments: [
          { start: 5, end: 9 },
          { start: 14, end: 20 },
        ],
        rationale: 'Drop the middle.',
        proposed_by: 'model',
        base_model: 'm',
      },
    });
    expect(stored).toMatchObject({
      segments: [
        { start: 5.8, end: 11.4 },
        { start: 11.8, end: 20 },
      ],
      rationale: 'Drop the middle. Cut points moved into the pauses between words: 0:05.8–0:11.4, 0:11.8–0:20.0.',
    });
  });
});
