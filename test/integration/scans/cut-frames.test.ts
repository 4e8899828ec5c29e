import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUT_WINDOW_HEIGHT, CUT_WINDOW_WIDTH } from '../../../core/cut-refinement';
import { fixture } from '../helpers/fixtures';
import { ONE_SCAN_TEST_MS, ScanClient } from '../helpers/scan-client';
import { startService, type Service } from '../helpers/service';

// Cuts refined to the frame (issue 24): the cut-frame fixtures put their cuts between the
// quarter seconds of the analysis grid, at known frames; the real stack must find each
// within one frame, with `cut_frames` and `cuts` agreeing with the probed frame rate.

let service: Service;
let client: ScanClient;

beforeAll(async () => {
  service = await startService();
  client = new ScanClient(service.apiUrl, (await service.createAccount()).apiKey);
});

afterAll(async () => {
  await service?.stop();
});

async function scanOf(name: string) {
  const f = await fixture(name);
  const submitted = await client.upload(f.path);
  expect(submitted.status).toBe(202);
  const { scan } = await client.waitForScan(submitted.body.scan_id);
  expect(scan.status, JSON.stringify(scan.detail)).toBe('complete');
  return { f, scan };
}

describe('cuts to the frame', () => {
  it.each([
    ['cut-frames-25', 25],
    ['cut-frames-2997', 29.97],
    ['cut-frames-60', 60],
  ])(
    '%s: every cut within one frame of the truth, its seconds the frame index over the rate',
    async (name, rate) => {
      const { f, scan } = await scanOf(name);
      expect(scan.frame_rate).toBe(rate);
      expect(scan.frame_rate_variable).toBe(false);
      const fps = f.truth.fps!;
      const truthFrames = f.truth.cutFrames!;
      expect(scan.cut_frames, `cuts ${JSON.stringify(scan.cuts)} vs truth frames ${JSON.stringify(truthFrames)}`).toHaveLength(truthFrames.length);
      scan.cut_frames.forEach((frame: number, i: number) => {
        expect(Math.abs(frame - truthFrames[i]!), `cut ${i}: frame ${frame} vs ${truthFrames[i]}`).toBeLessThanOrEqual(1);
        expect(scan.cuts[i]).toBe(Math.round((frame / fps) * 1000) / 1000);
      });
      // Off the quarter-second grid, where the grid alone would have put them.
      expect(scan.cuts.some((t: number) => !Number.isInteger(t * 4))).toBe(true);
      expect(scan.method).toContain(`${CUT_WINDOW_WIDTH}x${CUT_WINDOW_HEIGHT} grey frames`);
      expect(scan.method).not.toContain('could not be refined');
    },
    ONE_SCAN_TEST_MS,
  );

  it(
    "cut-frames-vfr: a variable frame rate is recorded, each cut sits on its frame's own time, counted at the average rate",
    async () => {
      const { f, scan } = await scanOf('cut-frames-vfr');
      expect(scan.frame_rate_variable).toBe(true);
      expect(scan.frame_rate).toBeCloseTo(24, 0);
      expect(scan.cuts).toHaveLength(f.truth.cuts.length);
      // The longest gap between two frames is 1/20 s: one frame either side.
      scan.cuts.forEach((t: number, i: number) => {
        expect(Math.abs(t - f.truth.cuts[i]!), `cut ${i}: ${t} s vs ${f.truth.cuts[i]} s`).toBeLessThanOrEqual(0.05 + 1e-9);
        expect(scan.cut_frames[i]).toBe(Math.round(t * scan.frame_rate));
        // The average rate counts close to the frames themselves here (the gaps alternate evenly).
        expect(Math.abs(scan.cut_frames[i] - f.truth.cutFrames![i]!)).toBeLessThanOrEqual(1);
      });
    },
    ONE_SCAN_TEST_MS,
  );
});
