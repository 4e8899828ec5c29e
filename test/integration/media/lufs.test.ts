// EBU R128 loudness measured in the decode pass and in the meter's own pass against
// ffmpeg's own `ebur128` summary of the same file (a separate run, as an engineer would check it):
// integrated loudness and loudness range within 0.5 LU, true peak within 0.5 dB.
// Needs ffmpeg only (HOLDLINE_TEST_STACK=0 runs it without the stack).

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeMedia, decodeSoundtrack, measureLoudness } from '../../../activities/media/decode';
import { runProcess } from '../../../activities/media/process';
import { makeFixtures } from '../../../tooling/fixtures/make';

const dir = mkdtempSync(join(tmpdir(), 'holdline-lufs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Summary {
  integrated: number;
  range: number;
  truePeakDb: number;
}

/** The summary ffmpeg prints at the end of `-af ebur128=peak=true`. */
async function ffmpegSummary(path: string): Promise<Summary> {
  const result = await runProcess('ffmpeg', ['-nostdin', '-hide_banner', '-i', path, '-map', '0:a:0', '-af', 'ebur128=peak=true', '-f', 'null', '-'], {});
  const text = result.stderrTail.slice(result.stderrTail.lastIndexOf('Summary:'));
  const value = (re: RegExp) => {
    const m = re.exec(text);
    if (!m) throw new Error(`no ${String(re)} in the ebur128 summary of ${path}: ${text}`);
    return Number(m[1]);
  };
  return { integrated: value(/I:\s+(-?[\d.]+|-inf) LUFS/), range: value(/LRA:\s+(-?[\d.]+) LU/), truePeakDb: value(/Peak:\s+(-?[\d.]+|-inf) dBFS/) };
}

const fixtures = (await makeFixtures({ log: () => undefined })).filter((f) => f.truth.hasAudio && !f.truth.expectError && (f.truth.duration ?? 0) <= 120);

describe('loudness_lufs from the decode pass', () => {
  it('covers fixtures with sound', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(5);
  });

  it.each(fixtures.map((f) => [f.name, f] as const))("%s: matches ffmpeg's ebur128 summary within 0.5 LU", async (name, f) => {
    const reference = await ffmpegSummary(f.path);
    const sound = await decodeSoundtrack({ input: f.path, wavOut: join(dir, `${name}.wav`) });
    const lufs = await measureLoudness({ input: f.path, loudnessLog: join(dir, `${name}.r128.txt`) });
    expect(existsSync(join(dir, `${name}.r128.txt`))).toBe(false);
    if (Number.isFinite(reference.integrated) && reference.integrated > -70) {
      expect(lufs.integratedLufs).not.toBeNull();
      expect(Math.abs((lufs.integratedLufs ?? 0) - reference.integrated)).toBeLessThanOrEqual(0.5);
    } else {
      expect(lufs.integratedLufs).toBeNull();
    }
    expect(Math.abs(lufs.rangeLu - reference.range)).toBeLessThanOrEqual(0.5);
    if (Number.isFinite(reference.truePeakDb)) expect(Math.abs((lufs.truePeakDbtp ?? Number.NaN) - reference.truePeakDb)).toBeLessThanOrEqual(0.5);
    else expect(lufs.truePeakDbtp).toBeNull();
    // One short-term value per second of the soundtrack (the meter's last 100 ms frame may hold a codec's padding past it);
    // the first two are null, as the meter gives no short-term loudness before its 3 s window is full.
    expect(lufs.shortTermLufs.length).toBeGreaterThanOrEqual(Math.floor(sound.decodedSec));
    expect(lufs.shortTermLufs.length).toBeLessThanOrEqual(Math.ceil(sound.decodedSec));
    expect(lufs.shortTermLufs.slice(0, 2)).toEqual([null, null]);
  });

  it("the one-pass decode measures the same loudness as the meter's own pass, and none without audio", async () => {
    const f = fixtures.find((x) => x.truth.hasVideo) ?? fixtures[0]!;
    const alone = await measureLoudness({ input: f.path, loudnessLog: join(dir, 'apart.r128.txt') });
    const full = await decodeMedia({ input: f.path, wavOut: join(dir, 'full.wav'), hasAudio: true, durationSec: f.truth.duration ?? 0 });
    expect(full.lufs).toEqual(alone);
    const picture = await decodeMedia({ input: f.path, wavOut: join(dir, 'none.wav'), hasAudio: false, durationSec: f.truth.duration ?? 0 });
    expect(picture.lufs).toBeNull();
  });
});
