// The embedded models `npm run up` can serve on loopback when no MODEL_BASE_URL is set:
// what each is called, where the install puts its weights and what the service says of it.
// HOLDLINE_EMBEDDED_MODEL picks one: unset/`on`/`qwen` the capable default, `small` the
// 135M demonstration (quick to load: the plumbing tests use it), `off` none.

export interface EmbeddedModel {
  /** The name the server answers to, reported as every run's `base_model` (`MODEL_BASE_NAME`). */
  name: string;
  /** The GGUF file scripts/install-model.sh links under `.tools/models/`. */
  file: string;
  /**
   * Tokens one model step may generate (sent as `max_tokens`, and the server's own cap). A
   * step that needs more ends with `finish_reason: length`, which the agents handle like any cut answer.
   */
  maxTokens: number;
  /** Said wherever the model is offered (`GET /v1/models`) when its limits matter to a caller. */
  note?: string;
}

/** Qwen2.5-Coder-1.5B-Instruct, 4-bit: writes and runs code, reads pages, answers checkable tasks. */
export const QWEN_CODER_1_5B: EmbeddedModel = {
  name: 'Qwen2.5-Coder-1.5B-Instruct-Q4_K_M',
  file: 'qwen2.5-coder-1.5b-instruct-q4_k_m.gguf',
  // A program of 30-40 lines fits. On one thread it generates 5-7 tokens a second, so a step
  // that runs away (a list of every prime below 1000 in prose) ends after about 80 s, not 200.
  maxTokens: 512,
};

/** SmolLM2-135M-Instruct, 4-bit: loads in a second; calls no tools and its facts are unreliable. */
export const SMOLLM2_135M: EmbeddedModel = {
  name: 'SmolLM2-135M-Instruct-Q4_1',
  file: 'SmolLM2-135M-Instruct.Q4_1.gguf',
  // The small model tends to ramble on.
  maxTokens: 512,
  note:
    'A small demonstration model (SmolLM2-135M-Instruct, 4-bit) running on this machine: it does not call tools, so its answers come ' +
    'without code runs or page reads, and its facts are unreliable. The embedded default (HOLDLINE_EMBEDDED_MODEL unset) is Qwen2.5-Coder-1.5B-Instruct.',
};

export const EMBEDDED_MODELS = [QWEN_CODER_1_5B, SMOLLM2_135M] as const;

/** The embedded model HOLDLINE_EMBEDDED_MODEL names, or null for `off`; an unknown value is an error that says the choices. */
export function embeddedModelFor(setting: string | undefined): EmbeddedModel | null {
  switch (setting ?? '') {
    case '':
    case 'on':
    case 'qwen':
      return QWEN_CODER_1_5B;
    case 'small':
      return SMOLLM2_135M;
    case 'off':
      return null;
    default:
      throw new Error(`HOLDLINE_EMBEDDED_MODEL must be on (the default, ${QWEN_CODER_1_5B.name}), small (${SMOLLM2_135M.name}) or off; got "${setting}"`);
  }
}

/** The note for a base model, if it is an embedded one with something to say. */
export function baseModelNote(baseModel: string): string | undefined {
  return EMBEDDED_MODELS.find((m) => m.name === baseModel)?.note;
}
