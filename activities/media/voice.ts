// Where a voice speaks in a 16 kHz mono WAV: Silero VAD's per-window speech
// probabilities (./silero-vad.ts, streaming, flat memory) turned into regions
// by the pure rule of core/voice-regions.ts.

import { SILERO_REGION_OPTIONS, voiceRegions, type VoiceSpan } from '../../core/voice-regions';
import { speechProbabilities } from './silero-vad';

const ms = (x: number) => Math.round(x * 1000) / 1000;

/** Voice regions of the WAV, in seconds from the file start (`offsetSec` is where the WAV starts). */
export async function detectVoice(wavPath: string, offsetSec: number, signal?: AbortSignal): Promise<VoiceSpan[]> {
  const { probabilities, durationSec } = await speechProbabilities(wavPath, signal);
  return voiceRegions(probabilities, { ...SILERO_REGION_OPTIONS, durationSec }).map((s) => ({ start: ms(s.start + offsetSec), end: ms(s.end + offsetSec) }));
}

/** The name the fidelity table gives the detector. */
export const VOICE_DETECTOR_NAME = 'silero-vad 6.2.3';
