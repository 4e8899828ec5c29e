// Where to split the soundtrack so transcription can run in parallel chunks
// without cutting a word in two: at the quietest moment near each boundary.

export interface TimeRange {
  start: number;
  end: number;
}

export interface ChunkPlanOptions {
  /** Aimed-for chunk length in seconds. Default 60. */
  targetChunkSec?: number;
  /** Length of one entry of the RMS array in seconds. Default 0.1 (LoudnessMeter.windowRms). */
  windowSec?: number;
  /** How far either side of each aimed-for boundary to look for quiet, in seconds. Default 10. */
  searchSec?: number;
}

/**
 * Chunks `[{start, end}]` covering [0, durationSec] without gaps. From each
 * chunk start, the next boundary is the centre of the quietest window (lowest
 * RMS; the one nearest the aimed-for point on a tie) within ±searchSec of
 * start + target. A remainder of at most 1.5 × target stays one chunk, so
 * no tiny tail chunk appears. Without RMS data the boundaries fall on the
 * targets. Times are rounded to milliseconds.
 */
export function planTranscriptChunks(windowRms: readonly number[], durationSec: number, options: ChunkPlanOptions = {}): TimeRange[] {
  const target = options.targetChunkSec ?? 60;
  const windowSec = options.windowSec ?? 0.1;
  const search = Math.min(options.searchSec ?? 10, target / 2);
  if (!(durationSec > 0)) return [];
  const chunks: TimeRange[] = [];
  let start = 0;
  while (durationSec - start > 1.5 * target) {
    const aim = start + target;
    let best = aim;
    let bestRms = Infinity;
    const first = Math.max(0, Math.ceil((aim - search) / windowSec - 1e-9));
    const last = Math.min(windowRms.length - 1, Math.floor((aim + search) / windowSec + 1e-9) - 1);
    for (let w = first; w <= last; w++) {
      const rms = windowRms[w] as number;
      const centre = (w + 0.5) * windowSec;
      if (rms < bestRms || (rms === bestRms && Math.abs(centre - aim) < Math.abs(best - aim))) {
        bestRms = rms;
        best = centre;
      }
    }
    const end = roundMs(best);
    chunks.push({ start, end });
    start = end;
  }
  chunks.push({ start, end: roundMs(durationSec) });
  return chunks;
}

/**
 * The most chunks `planTranscriptChunks` can return for a duration: every
 * chunk but the last is at least target − search long (50 s by default), so a
 * 2-hour file has at most 145 and a 3-hour one at most 217, whatever its sound.
 */
export function maxTranscriptChunks(durationSec: number, options: Pick<ChunkPlanOptions, 'targetChunkSec' | 'searchSec'> = {}): number {
  const target = options.targetChunkSec ?? 60;
  const search = Math.min(options.searchSec ?? 10, target / 2);
  if (!(durationSec > 0)) return 0;
  return Math.floor(durationSec / (target - search)) + 1;
}

function roundMs(x: number): number {
  return Math.round(x * 1000) / 1000;
}
