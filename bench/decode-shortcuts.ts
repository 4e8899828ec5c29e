// Compares the read of each fixture decoded with and without each decoder
// shortcut: cuts, dead stretches and the largest per-second motion change.
//   node --import tsx bench/decode-shortcuts.ts [name ...]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeMedia, type DecodeResult } from '../activities/media/decode';
import { NO_SHORTCUTS, type DecoderShortcuts } from '../activities/media/ffmpeg-args';
import { probeMedia } from '../activities/media/probe';
import { assembleRead } from '../core/read';
import { makeFixtures } from '../tooling/fixtures/make';

const names = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const dir = await mkdtemp(join(tmpdir(), 'holdline-shortcuts-'));
const readOf = (d: DecodeResult) => {
  const read = assembleRead({ durationSec: d.durationSec, frameDiffs: d.frameDiffs, skipDiffs: d.skipDiffs, loudnessRms: d.loudnessRms, words: [] });
  return { cuts: read.cuts, dead: JSON.stringify(read.dead), motion: read.timeline.map((t) => t.scores.motion), hold: read.timeline.map((t) => t.scores.hold) };
};
const variants: Record<string, DecoderShortcuts> = {
  loop: { skipLoopFilter: true, skipNonRef: false },
  noref: { skipLoopFilter: false, skipNonRef: true },
  both: { skipLoopFilter: true, skipNonRef: true },
};
// Only the chosen shortcut: `--noref`.
if (process.argv.includes('--noref')) for (const k of ['loop', 'both']) delete variants[k];
try {
  const fixtures = (await makeFixtures({ ...(names.length ? { only: names } : {}), log: () => undefined })).filter(
    (f) => f.truth.hasVideo && !f.truth.expectError,
  );
  for (const f of fixtures) {
    const info = await probeMedia(f.path);
    const decode = async (shortcuts: DecoderShortcuts) => {
      const t0 = performance.now();
      const d = await decodeMedia({ input: f.path, wavOut: join(dir, 'a.wav'), hasAudio: info.hasAudio, durationSec: info.durationSec, shortcuts });
      return { d, ms: performance.now() - t0 };
    };
    const plain = await decode(NO_SHORTCUTS);
    const a = readOf(plain.d);
    const parts = [`${f.name.padEnd(22)} plain ${(plain.ms / 1000).toFixed(1)}s`];
    for (const [name, s] of Object.entries(variants)) {
      const v = await decode(s);
      const b = readOf(v.d);
      const worst = (x: number[], y: number[]) => Math.max(0, ...x.map((m, t) => Math.abs(m - (y[t] ?? NaN)))).toFixed(1);
      parts.push(
        `${name} ${(v.ms / 1000).toFixed(1)}s cuts ${JSON.stringify(a.cuts) === JSON.stringify(b.cuts) ? 'same' : `${a.cuts}→${b.cuts}`} dead ${a.dead === b.dead ? 'same' : `${a.dead}→${b.dead}`} motion±${worst(a.motion, b.motion)} hold±${worst(a.hold, b.hold)}`,
      );
    }
    console.log(parts.join(' | '));
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
