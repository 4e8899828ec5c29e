import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config/env';

describe('transcriber configuration', () => {
  it('keeps pocketsphinx as the default', () => {
    const config = loadConfig({});
    expect(config.transcriber).toBe('pocketsphinx');
    expect(config.transcriberUrl).toBeNull();
  });

  it('uses the server when a URL is set, unless pocketsphinx is asked for', () => {
    const server = loadConfig({
      HOLDLINE_TRANSCRIBER_URL: 'http://127.0.0.1:8000/v1',
      HOLDLINE_TRANSCRIBER_MODEL: 'small.en',
      HOLDLINE_TRANSCRIBER_TIMEOUT_MS: '5000',
    });
    expect(server).toMatchObject({
      transcriber: 'openai',
      transcriberUrl: 'http://127.0.0.1:8000/v1',
      transcriberModel: 'small.en',
      transcriberTimeoutMs: 5000,
      transcriberApiKey: null,
    });
    expect(loadConfig({ HOLDLINE_TRANSCRIBER: 'pocketsphinx', HOLDLINE_TRANSCRIBER_URL: 'http://127.0.0.1:8000/v1' }).transcriber).toBe('pocketsphinx');
  });

  it.each([
    [{ HOLDLINE_TRANSCRIBER: 'openai' }, /needs HOLDLINE_TRANSCRIBER_URL/],
    [{ HOLDLINE_TRANSCRIBER: 'whisper' }, /HOLDLINE_TRANSCRIBER must be one of pocketsphinx, openai/],
    [{ HOLDLINE_TRANSCRIBER_URL: 'not a url' }, /HOLDLINE_TRANSCRIBER_URL must be a URL/],
    [{ HOLDLINE_TRANSCRIBER_URL: 'http://h/v1', HOLDLINE_TRANSCRIBER_TIMEOUT_MS: '10' }, /HOLDLINE_TRANSCRIBER_TIMEOUT_MS must be an integer/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
