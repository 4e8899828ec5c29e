import { describe, expect, it } from 'vitest';
import { embeddedModelFor, QWEN_CODER_1_5B, SMOLLM2_135M } from '../../../core/chat/embedded-model';
import { modelBannerLine } from '../../../tooling/stack/banner';
import { MODEL_FIX_HINT, modelServerArgs, wantedEmbeddedModel, wantsEmbeddedModel } from '../../../tooling/stack/model';

describe('wantsEmbeddedModel', () => {
  it('starts the embedded model only when no model server is named and it is not turned off', () => {
    expect(wantsEmbeddedModel({}, {})).toBe(true);
    expect(wantsEmbeddedModel({ HOLDLINE_EMBEDDED_MODEL: 'on' }, {})).toBe(true);
    expect(wantsEmbeddedModel({ MODEL_BASE_URL: 'http://127.0.0.1:11434/v1' }, {})).toBe(false);
    expect(wantsEmbeddedModel({}, { MODEL_BASE_URL: 'http://10.0.0.5:8000/v1' })).toBe(false);
    expect(wantsEmbeddedModel({ HOLDLINE_EMBEDDED_MODEL: 'off' }, {})).toBe(false);
    expect(wantsEmbeddedModel({}, { HOLDLINE_EMBEDDED_MODEL: 'off' })).toBe(false);
  });

  it('reads the stack options before the outer environment', () => {
    expect(wantsEmbeddedModel({ HOLDLINE_EMBEDDED_MODEL: 'on' }, { HOLDLINE_EMBEDDED_MODEL: 'off' })).toBe(true);
  });
});

describe('the embedded model chosen', () => {
  it('is Qwen2.5-Coder-1.5B by default and SmolLM2-135M when asked for the small one', () => {
    expect(wantedEmbeddedModel({}, {})).toBe(QWEN_CODER_1_5B);
    expect(wantedEmbeddedModel({ HOLDLINE_EMBEDDED_MODEL: 'qwen' }, {})).toBe(QWEN_CODER_1_5B);
    expect(wantedEmbeddedModel({}, { HOLDLINE_EMBEDDED_MODEL: 'small' })).toBe(SMOLLM2_135M);
    expect(wantedEmbeddedModel({}, { HOLDLINE_EMBEDDED_MODEL: 'off' })).toBeNull();
  });

  it('refuses a setting it does not know, naming the choices', () => {
    expect(() => embeddedModelFor('large')).toThrow(/must be on .* small .* or off; got "large"/);
  });

  it('only the small model carries a warning note', () => {
    expect(QWEN_CODER_1_5B.note).toBeUndefined();
    expect(SMOLLM2_135M.note).toMatch(/does not call tools/);
  });
});

describe('modelServerArgs', () => {
  const args = modelServerArgs({ modelFile: '/m.gguf', model: QWEN_CODER_1_5B, port: 8088, apiKey: 'sk-local-x', parallel: 2, maxTokens: 1024, threads: 1 });
  const value = (flag: string) => args[args.indexOf(flag) + 1];

  it('keeps weights out of the CPU-specific repacked buffers (the AMX fault) on every machine', () => {
    expect(args).toContain('--no-repack');
  });

  it('listens on loopback only, behind a key, with the slots hidden', () => {
    expect(value('--host')).toBe('127.0.0.1');
    expect(value('--api-key')).toBe('sk-local-x');
    expect(args).toContain('--no-slots');
  });

  it('grants no other origin a cross-origin read: its own origin only, without credentials', () => {
    expect(value('--cors-origins')).toBe('http://127.0.0.1:8088');
    expect(args).toContain('--no-cors-credentials');
  });

  it('serves the model under its name, with one context per parallel request and the step cap', () => {
    expect(value('--alias')).toBe(QWEN_CODER_1_5B.name);
    expect(value('--model')).toBe('/m.gguf');
    expect(value('--ctx-size')).toBe('16384');
    expect(value('--n-predict')).toBe('1024');
    expect(args).toContain('--jinja');
  });

  it('uses the threads it is given for prompts and generation alike', () => {
    expect(value('--threads')).toBe('1');
    expect(value('--threads-batch')).toBe('1');
  });
});

describe('modelBannerLine', () => {
  it('names the model and its server, or says there is none and why, never "(default)"', () => {
    const up = { modelUnavailable: undefined };
    expect(modelBannerLine({ ...up, env: { MODEL_BASE_URL: 'http://127.0.0.1:8088/v1', MODEL_BASE_NAME: 'Qwen2.5-Coder-1.5B-Instruct' } }, {})).toBe(
      'Qwen2.5-Coder-1.5B-Instruct at http://127.0.0.1:8088/v1',
    );
    expect(modelBannerLine({ ...up, env: {} }, { MODEL_BASE_URL: 'http://10.0.0.5:8000/v1' })).toBe("the server's own model at http://10.0.0.5:8000/v1");
    expect(modelBannerLine({ ...up, env: { MODEL_BASE_URL: 'off' } }, {})).toBe('none (MODEL_BASE_URL=off): chat answers 503 model_unavailable');
    // The rehearsal with no model server: nothing configured at all.
    expect(modelBannerLine({ ...up, env: {} }, {})).toBe(`none: chat answers 503 model_unavailable (${MODEL_FIX_HINT})`);
    expect(modelBannerLine({ modelUnavailable: 'llama-server died (SIGSEGV)', env: {} }, {})).toMatch(
      /^unavailable: llama-server died \(SIGSEGV\)\n +\(HOLDLINE_EMBEDDED_MODEL=small/,
    );
  });
});
