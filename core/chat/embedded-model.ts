// The embedded default model: what it is called and what the service says about it.

/** The base model name the embedded llama-server answers to (`MODEL_BASE_NAME` when embedded). */
export const EMBEDDED_MODEL_NAME = 'SmolLM2-135M-Instruct-Q4_1';

/** Said wherever the embedded model is offered (`GET /v1/models`), because it is not a capable assistant. */
export const EMBEDDED_MODEL_NOTE =
  'A small demonstration model (SmolLM2-135M-Instruct, 4-bit) running on this machine: it does not call tools, so its answers come ' +
  'without code runs or page reads, and its facts are unreliable. For real work, point MODEL_BASE_URL at vLLM, Ollama or llama.cpp serving a capable model.';

/** The note for a base model, if it is the embedded one. */
export function baseModelNote(baseModel: string): string | undefined {
  return baseModel === EMBEDDED_MODEL_NAME ? EMBEDDED_MODEL_NOTE : undefined;
}
