// Where a voice speaks in a 16 kHz mono WAV. The scan uses the hand-made
// detector of core/vad.ts (streaming, flat memory); Silero VAD's
// probabilities (./silero-vad.ts) turned into regions by the pure rule of
// core/voice-regions.ts run beside it in the fidelity benchmark.

import { VAD_SAMPLE_RATE, VoiceActivityDetector, type VoiceSpan } from '../../core/vad';
import { SILERO_REGION_OPTIONS, voiceRegions } from '../../core/voice-regions';
import { speechProbabilities } from './silero-vad';
import { assertMonoS16, createSampleStream, readWavLayout } from './wav';

const ms = (x: number) => Math.round(x * 1000) / 1000;

/** Voice regions of the WAV by Silero VAD, in seconds from the file start (`offsetSec` is where the WAV starts). */
export async function detectVoiceSilero(wavPath: string, offsetSec: number, signal?: AbortSignal): Promise<VoiceSpan[]> {
  const { probabilities, durationSec } = await speechProbabilities(wavPath, signal);
  return voiceRegions(probabilities, { ...SILERO_REGION_OPTIONS, durationSec }).map((s) => ({ start: ms(s.start + offsetSec), end: ms(s.end + offsetSec) }));
}

/** Voice regions of the WAV by the hand-made detector of core/vad.ts, streaming, in seconds from the file start. */
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
  return detector.finish().map((s) => ({ start: ms(s.start + offsetSec), end: ms(s.end + offsetSec) }));
}

export interface VoiceDetector {
  name: string;
  detect(wavPath: string, offsetSec: number, signal?: AbortSignal): Promise<VoiceSpan[]>;
}

/** The scan's detector first. */
export const VOICE_DETECTORS: VoiceDetector[] = [
  { name: 'hand-made (core/vad.ts)', detect: detectVoice },
  { name: 'silero-vad 6.2.3', detect: detectVoiceSilero },
];
