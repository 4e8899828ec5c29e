import { assembleRead as assembleReadOf } from '../../core/read';
import { STAGE_PCT, scanPct } from '../../core/progress';
import type { ScanActivityDeps } from './deps';

export function createAssembleRead(deps: Pick<ScanActivityDeps, 'scans'>) {
  const { scans } = deps;
  /**
   * The pure read over everything measured. `cutRefinementFailed`: `refineCuts` ran out of
   * attempts, so every cut keeps its grid time and the read says so.
   */
  return async function assembleRead({ scanId, cutRefinementFailed }: { scanId: string; cutRefinementFailed?: boolean }): Promise<{ seconds: number }> {
    const parts = await scans.getParts(scanId);
    if (!parts?.probe) throw new Error(`measurements of ${scanId} are missing`);
    // Decode and transcription are done when the read is assembled. Their last two progress
    // writes may land at the same moment, and FerretDB can lose one of two concurrent updates
    // of a document, so the stage's 90 is written here rather than left to them.
    await scans.advance(scanId, scanPct({ stage: 'decode', decodeFraction: 1, transcribedFraction: 1 }));
    const words = Object.values(parts.words ?? {})
      .flat()
      .sort((a, b) => a.start - b.start);
    // The gate applies when every transcribed chunk has its voice regions (parts written before the gate existed have none).
    const chunkKeys = Object.keys(parts.words ?? {});
    const voice = chunkKeys.every((k) => parts.voice?.[k]) ? chunkKeys.flatMap((k) => parts.voice?.[k] ?? []).sort((a, b) => a.start - b.start) : undefined;
    const engines = [...new Set(chunkKeys.map((k) => parts.engines?.[k]).filter((e): e is string => typeof e === 'string'))];
    const languages = chunkKeys.map((k) => ({ language: parts.languages?.[k] ?? null, words: parts.words?.[k]?.length ?? 0 }));
    const read = assembleReadOf({
      durationSec: parts.durationSec ?? parts.probe.durationSec,
      frameDiffs: parts.frameDiffs ?? [],
      skipDiffs: parts.skipDiffs ?? [],
      ...(parts.frameKinds ? { frameKinds: parts.frameKinds } : {}),
      loudnessRms: parts.loudnessRms ?? [],
      loudnessLufs: parts.loudnessLufs ?? null,
      fps: parts.probe.fps ?? null,
      ...(parts.probe.fpsVariable !== undefined ? { fpsVariable: parts.probe.fpsVariable } : {}),
      // The displayed size (the read checks it is whole positive pixels); the FCPXML format and the OTIO media carry it.
      width: parts.probe.width,
      height: parts.probe.height,
      ...(parts.cutRefinement ? { cutRefinement: parts.cutRefinement } : cutRefinementFailed ? { cutRefinement: [] } : {}),
      words,
      ...(voice ? { voice } : {}),
      ...(engines.length > 0 ? { transcriber: engines.join(', ') } : {}),
      languages,
    });
    await scans.setParts(scanId, { read });
    await scans.advance(scanId, STAGE_PCT.assembly);
    return { seconds: read.timeline.length };
  };
}
