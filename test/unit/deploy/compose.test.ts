import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// The production compose file, read as compose reads it: `${VAR:-default}` takes
// its default (what `docker compose up` does with no .env), then every published
// port is checked. No Docker engine runs here, so the file is checked as data.

interface LongPort {
  target: number;
  published?: string | number;
  host_ip?: string;
}
interface Service {
  image?: string;
  ports?: (string | number | LongPort)[];
  network_mode?: string;
  environment?: Record<string, string> | string[];
}

const compose = parse(readFileSync('docker-compose.yml', 'utf8')) as { services: Record<string, Service> };

/** `${NAME:-default}` and `${NAME-default}` → default; `${NAME}` → '' (unset). */
const withDefaults = (text: string) => text.replace(/\$\{[A-Za-z_][A-Za-z0-9_]*(?::?-([^}]*))?\}/g, (_, fallback: string | undefined) => fallback ?? '');

/** The host address a port entry binds to ('' = every interface), after defaults. */
function hostAddress(entry: string | number | LongPort): string {
  if (typeof entry === 'number') return '';
  if (typeof entry === 'object') return withDefaults(entry.host_ip ?? '');
  const spec = withDefaults(entry).split('/')[0]!;
  // [ip:]published:target, where ip may be an IPv6 literal in brackets.
  const bracketed = /^\[([^\]]+)\]:/.exec(spec);
  if (bracketed) return bracketed[1]!;
  const parts = spec.split(':');
  return parts.length === 3 ? parts[0]! : '';
}

const published = Object.entries(compose.services).flatMap(([name, service]) =>
  (service.ports ?? []).map((entry) => ({ name, entry, address: hostAddress(entry) })),
);

describe('docker-compose.yml', () => {
  it('parses the address of each port form (the checks below rely on it)', () => {
    expect(hostAddress('8080:8080')).toBe('');
    expect(hostAddress(8080)).toBe('');
    expect(hostAddress('0.0.0.0:8080:8080')).toBe('0.0.0.0');
    expect(hostAddress('127.0.0.1:${P:-8233}:8080')).toBe('127.0.0.1');
    expect(hostAddress('${BIND:-127.0.0.1}:${P:-8080}:8080')).toBe('127.0.0.1');
    expect(hostAddress('[::1]:8080:8080/tcp')).toBe('::1');
    expect(hostAddress({ target: 8080, published: 8080 })).toBe('');
    expect(hostAddress({ target: 8080, published: 8080, host_ip: '127.0.0.1' })).toBe('127.0.0.1');
  });

  it('publishes no port on all interfaces: only the API and the Temporal UI are published, both on loopback', () => {
    expect(published.map(({ name, address }) => [name, address]).sort()).toEqual([
      ['api', '127.0.0.1'],
      ['temporal-ui', '127.0.0.1'],
    ]);
    for (const { address } of published) expect(['127.0.0.1', '::1']).toContain(address);
  });

  it('publishes nothing of Temporal, MongoDB, MinIO, Ollama, PostgreSQL, the ear or the worker, and no service shares the host network', () => {
    for (const name of ['temporal', 'mongo', 'minio', 'ollama', 'postgresql', 'worker', 'ear']) {
      expect(compose.services[name], name).toBeDefined();
      expect(compose.services[name]!.ports ?? [], name).toEqual([]);
    }
    for (const [name, service] of Object.entries(compose.services)) expect(service.network_mode, name).toBeUndefined();
  });

  it('runs the Temporal UI with its write actions off', () => {
    const env = compose.services['temporal-ui']!.environment as Record<string, string>;
    expect(env.TEMPORAL_DISABLE_WRITE_ACTIONS).toBe('true');
  });
});
