import { describe, expect, it } from 'vitest';
import { modelServerArgs, wantsEmbeddedModel } from '../../../tooling/stack';

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

describe('modelServerArgs', () => {
  const args = modelServerArgs({ modelFile: '/m.gguf', name: 'm', port: 8088, parallel: 2, maxTokens: 512 });

  it('keeps weights out of the CPU-specific repacked buffers (the AMX fault) on every machine', () => {
    expect(args).toContain('--no-repack');
  });

  it('listens on loopback only and accepts tools', () => {
    expect(args[args.indexOf('--host') + 1]).toBe('127.0.0.1');
    expect(args).toContain('--jinja');
  });
});
