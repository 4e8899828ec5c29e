import { assembleRead } from '../../../core/read';
import type { ScanRead } from '../../../core/wire/read';
import type { RawMeasurements, RecognisedWord } from '../../../core/measurements';

const WORDS = 'studies show that ninety percent of viewers stay for the best part when the story moves faster than they expect so we keep going'.split(' ');

/**
 * The read of a made-up 2-hour video, built by the project's own read
 * (`assembleRead`) from measurements shaped like a long talk: a shot change
 * every 2–6 s, a spoken word every 0.4 s with pauses, and every ten minutes
 * 20 still, silent seconds. Deterministic (a fixed LCG), so the size is too.
 */
export function longScanRead(durationSec = 7200): ScanRead {
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const still = (t: number) => t % 600 >= 300 && t % 600 < 320;
  const frames = durationSec * 4;
  const frameDiffs: number[] = [0];
  let nextCut = 2 + random() * 4;
  for (let k = 1; k < frames; k++) {
    const t = k / 4;
    if (still(t)) frameDiffs.push(0.2);
    else if (t >= nextCut) {
      frameDiffs.push(60 + random() * 20);
      nextCut = t + 2 + random() * 4;
    } else frameDiffs.push(4 + random() * 6);
  }
  const skipDiffs = frameDiffs.map((d) => d);
  const loudnessRms = Array.from({ length: durationSec }, (_, t) => (still(t) ? 0 : 0.05 + random() * 0.1));
  const words: RecognisedWord[] = [];
  let i = 0;
  for (let t = 0.5; t < durationSec - 1; t += 0.4) {
    if (still(t) || random() < 0.05) {
      t += 0.6;
      continue;
    }
    words.push({ word: WORDS[i++ % WORDS.length]!, start: t, end: t + 0.3 });
  }
  const raw: RawMeasurements = { durationSec, frameDiffs, skipDiffs, loudnessRms, words, transcriber: 'scripted' };
  return assembleRead(raw);
}
