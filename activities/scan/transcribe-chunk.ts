import { Context } from '@temporalio/activity';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { join } from 'node:path';
import { capWords } from '../../core/media-limits';
import { scanAudio } from '../../store/scan-media';
import type { TranscriptChunk } from '../../contracts/scan-types';
import { wavHeader } from '../media/wav';
import { detectVoice } from '../media/voice';
import type { ScanActivityDeps } from './deps';
import { heartbeating, recordProgress, withScratch } from './shared';

export function createTranscribeChunk(deps: ScanActivityDeps) {
  const { scans, media } = deps;
  /** Transcribes one slice of the soundtrack; any worker can take any chunk. */
  return async function transcribeChunk({
    scanId,
    chunk,
    chunkCount,
  }: {
    scanId: string;
    chunk: TranscriptChunk;
    chunkCount: number;
  }): Promise<{ words: number }> {
    const heard = await withScratch(deps, scanId, (dir) =>
      heartbeating(async () => {
        const audio = scanAudio(media, scanId);
        const stored = await audio.stat();
        if (!stored) throw new Error(`audio of ${scanId} is missing`);
        const byteAt = (sec: number) => Math.min(stored.length, Math.round(sec * 16_000) * 2);
        const range = { start: byteAt(chunk.start), end: byteAt(chunk.end) };
        const wavPath = join(dir, `chunk-${chunk.index}.wav`);
        const samples = range.end > range.start ? audio.read(range) : [];
        await pipeline(async function* () {
          yield wavHeader(range.end - range.start);
          yield* samples;
        }, createWriteStream(wavPath));
        const signal = Context.current().cancellationSignal;
        // The voice gate of the read (Silero VAD, activities/media/voice.ts) runs on the same slice the engine hears.
        const voice = await detectVoice(wavPath, chunk.start, signal);
        const heard = await deps.transcriber.hear({ wavPath, offsetSec: chunk.start, signal });
        return { ...heard, words: capWords(heard.words, chunk.end - chunk.start), voice };
      }),
    );
    await scans.setParts(scanId, {
      [`words.${chunk.index}`]: heard.words,
      [`voice.${chunk.index}`]: heard.voice,
      [`engines.${chunk.index}`]: heard.engine,
      [`languages.${chunk.index}`]: heard.language,
    } as Record<string, unknown>);
    await recordProgress(scans, scanId, `transcribe.${chunk.index}`, 1, chunkCount);
    return { words: heard.words.length };
  };
}
