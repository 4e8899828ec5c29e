// The transcription engines the fidelity benchmark can compare: pocketsphinx
// always; an OpenAI-compatible server when HOLDLINE_TRANSCRIBER_URL is set and
// answers (the same variables as the worker).
import { PocketsphinxTranscriber, singleEar, type Ear } from '../activities/media/transcriber';
import { TranscriptionServerTranscriber } from '../activities/media/transcription-server';

export interface NamedTranscriber {
  name: string;
  ear: Ear;
}

export async function createTranscribers(env: Record<string, string | undefined> = process.env): Promise<NamedTranscriber[]> {
  const pocketsphinx = new PocketsphinxTranscriber();
  const engines: NamedTranscriber[] = [{ name: pocketsphinx.engine, ear: singleEar(pocketsphinx) }];
  const url = env.HOLDLINE_TRANSCRIBER_URL;
  if (url) {
    // No fallback here: the bench measures the server itself.
    const server = new TranscriptionServerTranscriber({
      url,
      model: env.HOLDLINE_TRANSCRIBER_MODEL || 'whisper-1',
      apiKey: env.HOLDLINE_TRANSCRIBER_API_KEY || null,
      timeoutMs: Number(env.HOLDLINE_TRANSCRIBER_TIMEOUT_MS) || 120_000,
    });
    engines.push({ name: server.engine, ear: singleEar(server) });
  } else {
    console.error('fidelity: HOLDLINE_TRANSCRIBER_URL is not set; only pocketsphinx is measured.');
  }
  return engines;
}
