// The loudness that common platforms normalise to. A file louder than a target is
// turned down by the platform (its peaks and dynamics lost for nothing); a file
// quieter than it plays quieter than its neighbours (most platforms do not turn up).

export interface LoudnessTarget {
  /** Stable key for clients. */
  id: string;
  /** Who uses it, in plain words. */
  name: string;
  /** Integrated loudness the platform normalises to, LUFS. */
  integratedLufs: number;
  /** The highest true peak the platform recommends, dBTP. */
  maxTruePeakDbtp: number;
}

export const LOUDNESS_TARGETS: readonly LoudnessTarget[] = [
  { id: 'streaming', name: 'most streaming platforms (YouTube, Spotify, Apple Music, Tidal, Amazon Music)', integratedLufs: -14, maxTruePeakDbtp: -1 },
  { id: 'podcast', name: 'podcasts (Apple Podcasts and most podcast hosts)', integratedLufs: -16, maxTruePeakDbtp: -1 },
  { id: 'broadcast', name: 'broadcast (EBU R128)', integratedLufs: -23, maxTruePeakDbtp: -1 },
];

/** Within this many LU of a target, a file counts as on it. */
export const TARGET_TOLERANCE_LU = 1;
