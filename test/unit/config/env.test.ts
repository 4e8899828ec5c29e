import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config/env';

describe('request and account settings', () => {
  it('defaults: no trusted proxy, 60 s idle, 30 s headers, 2 h request, 5 s keep-alive, 64 KiB/s over 30 s, 10 sign-ups an hour', () => {
    expect(loadConfig({})).toMatchObject({
      trustProxy: false,
      proxyHops: 0,
      idleTimeoutMs: 60_000,
      headersTimeoutMs: 30_000,
      requestTimeoutMs: 7_200_000,
      keepAliveTimeoutMs: 5000,
      uploadWindowMs: 30_000,
      uploadMinBytesPerSec: 65_536,
      signupsPerHour: 10,
    });
  });

  it('defaults of the abuse limits: 30 sign-ins an hour per address, 2 password hashes at once with 16 waiting, 300 keyless reads a minute per address', () => {
    expect(loadConfig({})).toMatchObject({ signinsPerHour: 30, passwordHashConcurrency: 2, passwordHashQueue: 16, publicReadsPerMinute: 300 });
    expect(
      loadConfig({
        HOLDLINE_SIGNINS_PER_HOUR: '5',
        HOLDLINE_PASSWORD_HASH_CONCURRENCY: '1',
        HOLDLINE_PASSWORD_HASH_QUEUE: '0',
        HOLDLINE_PUBLIC_READS_PER_MINUTE: '1000',
      }),
    ).toMatchObject({ signinsPerHour: 5, passwordHashConcurrency: 1, passwordHashQueue: 0, publicReadsPerMinute: 1000 });
    for (const [name, value] of [
      ['HOLDLINE_SIGNINS_PER_HOUR', '0'],
      ['HOLDLINE_PASSWORD_HASH_CONCURRENCY', '0'],
      ['HOLDLINE_PASSWORD_HASH_QUEUE', '-1'],
      ['HOLDLINE_PUBLIC_READS_PER_MINUTE', 'lots'],
    ] as const) {
      expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name} must be an integer`));
    }
  });

  it.each([
    ['false', false, 0],
    ['0', false, 0],
    ['off', false, 0],
    ['true', true, 1],
    ['TRUE', true, 1],
    ['1', true, 1],
    ['2', true, 2],
  ])('HOLDLINE_TRUST_PROXY=%s → trusted %s with %i hops', (raw, trusted, hops) => {
    expect(loadConfig({ HOLDLINE_TRUST_PROXY: raw })).toMatchObject({ trustProxy: trusted, proxyHops: hops });
  });

  it.each(['maybe', '11', '-1', '1.5'])('refuses HOLDLINE_TRUST_PROXY=%s', (raw) => {
    expect(() => loadConfig({ HOLDLINE_TRUST_PROXY: raw })).toThrow(/HOLDLINE_TRUST_PROXY/);
  });

  it('lists every bad timeout together, including an idle timeout not above the chat keep-alive', () => {
    try {
      loadConfig({
        HOLDLINE_IDLE_TIMEOUT_MS: '5000',
        HOLDLINE_CHAT_KEEPALIVE_MS: '10000',
        HOLDLINE_HEADERS_TIMEOUT_MS: '0',
        HOLDLINE_SIGNUPS_PER_HOUR: 'many',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems).toHaveLength(3);
      expect(problems.join('\n')).toMatch(/HOLDLINE_HEADERS_TIMEOUT_MS must be an integer/);
      expect(problems.join('\n')).toMatch(/HOLDLINE_SIGNUPS_PER_HOUR must be an integer/);
      expect(problems.join('\n')).toMatch(/HOLDLINE_IDLE_TIMEOUT_MS \(5000\) must be longer than HOLDLINE_CHAT_KEEPALIVE_MS/);
    }
  });

  it('refuses a headers timeout longer than the request timeout', () => {
    expect(() => loadConfig({ HOLDLINE_HEADERS_TIMEOUT_MS: '60000', HOLDLINE_REQUEST_TIMEOUT_MS: '30000' })).toThrow(
      /must not exceed HOLDLINE_REQUEST_TIMEOUT_MS/,
    );
  });
});

describe('HOLDLINE_ALLOW_HOSTS', () => {
  it('takes host:port and host:* entries, normalised', () => {
    expect(loadConfig({ HOLDLINE_ALLOW_HOSTS: '127.0.0.1:9000, [::1]:8080,Media.Example.:443,fixtures.test:*' }).allowHosts).toEqual([
      '127.0.0.1:9000',
      '[::1]:8080',
      'media.example:443',
      'fixtures.test:*',
    ]);
    expect(loadConfig({}).allowHosts).toEqual([]);
  });

  it('refuses a bare host at start, naming the entry and the form to use', () => {
    try {
      loadConfig({ HOLDLINE_ALLOW_HOSTS: '127.0.0.1:9000,127.0.0.1' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        'HOLDLINE_ALLOW_HOSTS: "127.0.0.1" is not host:port: write the host with its port (127.0.0.1:9000, [::1]:9000, media.example:443), or host:* to exempt every port of the host',
      ]);
    }
  });
});

describe('HOLDLINE_WEBHOOK_CONCURRENCY', () => {
  it('defaults to 8 delivery slots per worker process and takes 1 to 256', () => {
    expect(loadConfig({}).webhookConcurrency).toBe(8);
    expect(loadConfig({ HOLDLINE_WEBHOOK_CONCURRENCY: '3' }).webhookConcurrency).toBe(3);
    expect(() => loadConfig({ HOLDLINE_WEBHOOK_CONCURRENCY: '0' })).toThrow(/HOLDLINE_WEBHOOK_CONCURRENCY must be an integer from 1 to 256/);
  });
});

describe('HOLDLINE_SCANS_IN_FLIGHT_SIGNAL, HOLDLINE_SCANS_IN_FLIGHT_AGENTS', () => {
  it('default to 3 scans in flight per Signal account and 5 per Agents account, and take 1 or more', () => {
    expect(loadConfig({}).scansInFlight).toEqual({ signal: 3, agents: 5 });
    expect(loadConfig({ HOLDLINE_SCANS_IN_FLIGHT_SIGNAL: '1', HOLDLINE_SCANS_IN_FLIGHT_AGENTS: '8' }).scansInFlight).toEqual({ signal: 1, agents: 8 });
    expect(() => loadConfig({ HOLDLINE_SCANS_IN_FLIGHT_SIGNAL: '0' })).toThrow(/HOLDLINE_SCANS_IN_FLIGHT_SIGNAL must be an integer from 1 to 10000/);
    expect(() => loadConfig({ HOLDLINE_SCANS_IN_FLIGHT_AGENTS: 'many' })).toThrow(/HOLDLINE_SCANS_IN_FLIGHT_AGENTS must be an integer/);
  });
});

describe('HOLDLINE_DOWNLOAD_SECONDS_PER_HOUR', () => {
  it('defaults to 1800 s of URL downloads per account an hour, and takes 1 or more', () => {
    expect(loadConfig({}).downloadSecondsPerHour).toBe(1800);
    expect(loadConfig({ HOLDLINE_DOWNLOAD_SECONDS_PER_HOUR: '60' }).downloadSecondsPerHour).toBe(60);
    expect(() => loadConfig({ HOLDLINE_DOWNLOAD_SECONDS_PER_HOUR: '0' })).toThrow(/HOLDLINE_DOWNLOAD_SECONDS_PER_HOUR must be an integer from 1 to 3600000/);
  });
});

describe('HOLDLINE_SANDBOX_MEMORY_MB', () => {
  it('defaults to 2048 MB shared by the sandbox children of a worker process, at least 512', () => {
    expect(loadConfig({}).sandboxMemoryMb).toBe(2048);
    expect(loadConfig({ HOLDLINE_SANDBOX_MEMORY_MB: '4096' }).sandboxMemoryMb).toBe(4096);
    expect(() => loadConfig({ HOLDLINE_SANDBOX_MEMORY_MB: '100' })).toThrow(/HOLDLINE_SANDBOX_MEMORY_MB must be an integer from 512 to 1048576/);
  });
});
