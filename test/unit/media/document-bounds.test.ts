import { BSON } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { maxTranscriptChunks, planTranscriptChunks } from '../../../core/chunks';
import {
  DEFAULT_MEDIA_LIMITS,
  MAX_CONFIGURABLE_DURATION_SEC,
  MAX_WORDS_PER_SEC,
  MAX_WORD_CHARS,
  capWords,
  decodeTimeLimitSec,
} from '../../../core/media-limits';
import { FRAME_RATE } from '../../../core/motion';
import { assembleRead } from '../../../core/read';
import type { RecognisedWord } from '../../../core/measurements';
import { uniformRandom } from '../../../tooling/xorshift';

// The largest MongoDB documents a scan writes, built for the longest file the
// limits let through, with every series and word list at its cap: they must
// stay far below MongoDB's 16 MB document limit (FerretDB has the same).

const MB = 1024 * 1024;

/** A deterministic stand-in for measurements, so the numbers do not compress into small integers. */
function noise(n: number, seed: number, scale: number): number[] {
  const random = uniformRandom(seed);
  return Array.from({ length: n }, () => random() * scale);
}

function worstCase(maxDurationSec: number) {
  // ffmpeg reads at most the limit plus the margin; the accumulator allows 8 frames more.
  const decodedSec = decodeTimeLimitSec({ maxDurationSec });
  const frames = Math.ceil(decodedSec * FRAME_RATE) + 8;
  const frameDiffs = noise(frames, 1, 255);
  const skipDiffs: (number | null)[] = noise(frames, 2, 255);
  skipDiffs[0] = null;
  skipDiffs[frames - 1] = null;
  const loudnessRms = noise(maxDurationSec, 3, 1);
  // Ever louder: the planner takes the earliest split it can, so the chunk count is at its bound.
  const chunks = planTranscriptChunks(
    Array.from({ length: maxDurationSec * 10 }, (_, w) => w),
    maxDurationSec,
  );
  const longWord = 'w'.repeat(MAX_WORD_CHARS + 10);
  const words: Record<string, RecognisedWord[]> = {};
  chunks.forEach((chunk, index) => {
    // The recogniser "hears" a word every 10 ms; the cap keeps MAX_WORDS_PER_SEC a second.
    const heard = Array.from({ length: Math.ceil((chunk.end - chunk.start) * 100) }, (_, i) => ({
      word: longWord,
      start: chunk.start + i / 100 + 0.0001,
      end: chunk.start + i / 100 + 0.0091,
    }));
    words[String(index)] = capWords(heard, chunk.end - chunk.start);
  });
  const allWords = Object.values(words).flat();
  const read = assembleRead({ durationSec: maxDurationSec, frameDiffs, skipDiffs: skipDiffs.map((v) => v ?? Number.NaN), loudnessRms, words: allWords });
  const parts = {
    _id: 'scn_0123456789abcdef01234567',
    probe: { durationSec: maxDurationSec, hasVideo: true, hasAudio: true, width: 8192, height: 4320 },
    durationSec: maxDurationSec,
    frameDiffs,
    skipDiffs,
    loudnessRms,
    chunks,
    words,
    read,
  };
  const scan = {
    _id: parts._id,
    scan_id: parts._id,
    account_id: 'acct_0123456789abcdef01234567',
    title: 't'.repeat(200),
    status: 'complete',
    pct: 100,
    media_url: `/v1/scans/${parts._id}/media`,
    media_type: 'video/mp4',
    source: { type: 'url', url: `https://example.com/${'p'.repeat(2000)}` },
    priority: false,
    created_at: new Date(),
    updated_at: new Date(),
    completed_at: new Date(),
    ...read,
  };
  return { chunks, allWords, parts, scan };
}

describe('document sizes for the longest file the limits allow', () => {
  // Measured: 2 h → 143 chunks, 36,072 words, scan_parts 5.55 MB, scan 1.87 MB;
  // 3 h → 215 chunks, 54,108 words, 8.33 MB and 2.81 MB.
  it.each([
    ['the default 2-hour limit', DEFAULT_MEDIA_LIMITS.maxDurationSec, 145, 6],
    ['the largest configurable limit (3 hours)', MAX_CONFIGURABLE_DURATION_SEC, 217, 9],
  ])('with %s, scan_parts and the complete scan stay far under 16 MB', (_, maxDurationSec, chunkBound, partsMb) => {
    const { chunks, allWords, parts, scan } = worstCase(maxDurationSec);
    expect(chunks.length).toBeLessThanOrEqual(chunkBound);
    expect(chunks.length).toBeLessThanOrEqual(maxTranscriptChunks(maxDurationSec));
    expect(allWords.length).toBeLessThanOrEqual(Math.ceil(maxDurationSec * MAX_WORDS_PER_SEC) + chunks.length);
    const partsBytes = BSON.calculateObjectSize(parts);
    const scanBytes = BSON.calculateObjectSize(scan);
    expect(partsBytes).toBeLessThan(partsMb * MB);
    expect(scanBytes).toBeLessThan(3 * MB);
  });
});
