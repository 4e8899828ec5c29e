// The two metrics settings: off by default, a token long enough to guess at nothing, an address Temporal's exporter can bind.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/env';

describe('metrics settings', () => {
  it('are off by default', () => {
    const config = loadConfig({});
    expect(config.metricsToken).toBeNull();
    expect(config.workerMetricsAddress).toBeNull();
  });

  it('take a token of at least 16 characters', () => {
    expect(loadConfig({ HOLDLINE_METRICS_TOKEN: 'a'.repeat(16) }).metricsToken).toBe('a'.repeat(16));
    expect(() => loadConfig({ HOLDLINE_METRICS_TOKEN: 'short' })).toThrow(/HOLDLINE_METRICS_TOKEN must be at least 16 characters/);
  });

  it.each(['127.0.0.1:9464', '0.0.0.0:9464', 'worker-1:9464', '[::1]:9464'])('take the worker address %s', (address) => {
    expect(loadConfig({ HOLDLINE_WORKER_METRICS_ADDRESS: address }).workerMetricsAddress).toBe(address);
  });

  it.each(['9464', '127.0.0.1', 'http://127.0.0.1:9464', '127.0.0.1:port', 'a b:1', '127.0.0.1:0', '127.0.0.1:70000'])(
    'refuse the worker address %s',
    (address) => {
      expect(() => loadConfig({ HOLDLINE_WORKER_METRICS_ADDRESS: address })).toThrow(/HOLDLINE_WORKER_METRICS_ADDRESS must be host:port/);
    },
  );
});
