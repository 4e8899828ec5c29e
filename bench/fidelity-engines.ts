// The transcription engines the fidelity benchmark can compare.
import { PocketsphinxTranscriber, type Transcriber } from '../activities/media/transcriber';

export interface NamedTranscriber {
  name: string;
  transcriber: Transcriber;
}

export async function createTranscribers(): Promise<NamedTranscriber[]> {
  return [{ name: 'pocketsphinx', transcriber: new PocketsphinxTranscriber() }];
}
