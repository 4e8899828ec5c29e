// Runs the voice activity detector of core/vad.ts over a 16 kHz mono WAV,
// streaming, so a chunk of any length costs flat memory.

import { VAD_SAMPLE_RATE, VoiceActivityDetector, type VoiceSpan } from '../../core/vad';
import { assertMonoS16, createSampleStream, readWavLayout } from './wav';

/** Voice regions of the WAV, in seconds from the file start (`offsetSec` is where the WAV starts). */
export async function detectVoice(wavPath: string, offsetSec: number, signal?: AbortSignal): Promise<VoiceSpan[]> {
  const layout = await readWavLayout(wavPath);
  assertMonoS16(layout, wavPath);
  if (layout.sampleRate !== VAD_SAMPLE_RATE) throw new Error(`${wavPath}: the voice detector reads ${VAD_SAMPLE_RATE} Hz, got ${layout.sampleRate}`);
  const detector = new VoiceActivityDetector();
  try {
    for await (const chunk of createSampleStream(wavPath, layout, {}, signal)) detector.feedBytes(chunk as Buffer);
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw error;
  }
  const ms = (x: number) => Math.round(x * 1000) / 1000;
  return detector.finish().map((s) => ({ start: ms(s.start + offsetSec), end: ms(s.end + offsetSec) }));
}
