// The public-address rule for URL inputs: the service fetches only from
// public internet addresses, so a customer cannot make it read its own
// network (cloud metadata, databases, the Temporal UI). Ports of hosts listed
// in config `allowHosts` (`host:port`, or `host:*` for all of a host's ports)
// are exempt (tests serve fixtures from loopback).

import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';

export type UnsafeUrlCode = 'bad_url' | 'bad_scheme' | 'forbidden_address';

export class UnsafeUrlError extends Error {
  constructor(
    public readonly code: UnsafeUrlCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'UnsafeUrlError';
  }
}

/** Why an address is not public; `public` when it may be fetched. */
export type AddressClass =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link_local'
  | 'multicast'
  | 'broadcast'
  | 'documentation'
  | 'benchmarking'
  | 'unique_local'
  | 'ipv4_embedded'
  | 'reserved'
  | 'invalid';

interface Block {
  bytes: number[];
  prefix: number;
  kind: Exclude<AddressClass, 'public' | 'invalid'>;
}

function v4(cidr: string, kind: Block['kind']): Block {
  const [ip, prefix] = cidr.split('/') as [string, string];
  return { bytes: ip.split('.').map(Number), prefix: Number(prefix), kind };
}

function v6(cidr: string, kind: Block['kind']): Block {
  const [ip, prefix] = cidr.split('/') as [string, string];
  return { bytes: parseIPv6(ip) ?? [], prefix: Number(prefix), kind };
}

// IANA IPv4 special-purpose registry, everything not globally reachable.
const V4_BLOCKS: Block[] = [
  v4('0.0.0.0/8', 'unspecified'),
  v4('10.0.0.0/8', 'private'),
  v4('100.64.0.0/10', 'shared'),
  v4('127.0.0.0/8', 'loopback'),
  v4('169.254.0.0/16', 'link_local'),
  v4('172.16.0.0/12', 'private'),
  v4('192.0.0.0/24', 'reserved'),
  v4('192.0.2.0/24', 'documentation'),
  v4('192.31.196.0/24', 'reserved'),
  v4('192.52.193.0/24', 'reserved'),
  v4('192.88.99.0/24', 'reserved'),
  v4('192.168.0.0/16', 'private'),
  v4('192.175.48.0/24', 'reserved'),
  v4('198.18.0.0/15', 'benchmarking'),
  v4('198.51.100.0/24', 'documentation'),
  v4('203.0.113.0/24', 'documentation'),
  v4('224.0.0.0/4', 'multicast'),
  v4('255.255.255.255/32', 'broadcast'),
  v4('240.0.0.0/4', 'reserved'),
];

// Only global unicast 2000::/3 can be public; inside it these are not. Every
// form that carries an IPv4 address (mapped, compatible, NAT64, 6to4,
// Teredo) is refused outright: it could reach a private v4 host through a
// translator, and no public video host needs one.
const V6_BLOCKS: Block[] = [
  v6('::/128', 'unspecified'),
  v6('::1/128', 'loopback'),
  v6('::ffff:0:0/96', 'ipv4_embedded'),
  v6('::ffff:0:0:0/96', 'ipv4_embedded'),
  v6('::/96', 'ipv4_embedded'),
  v6('64:ff9b::/96', 'ipv4_embedded'),
  v6('64:ff9b:1::/48', 'ipv4_embedded'),
  v6('2002::/16', 'ipv4_embedded'),
  v6('2001::/32', 'ipv4_embedded'),
  v6('100::/64', 'reserved'),
  v6('2001:2::/48', 'benchmarking'),
  v6('2001:db8::/32', 'documentation'),
  v6('3fff::/20', 'documentation'),
  v6('2001::/23', 'reserved'),
  v6('5f00::/16', 'reserved'),
  v6('fc00::/7', 'unique_local'),
  v6('fe80::/10', 'link_local'),
  v6('fec0::/10', 'private'),
  v6('ff00::/8', 'multicast'),
];

function inBlock(bytes: readonly number[], block: Block): boolean {
  let bits = block.prefix;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((block.bytes[i] ?? 0) & mask)) return false;
  }
  return true;
}

/** 16 bytes of an IPv6 text address (`::` compression, dotted tail, zone id ignored), or null. */
export function parseIPv6(text: string): number[] | null {
  let s = text.trim();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (isIP(s) !== 6) return null;
  let tail: number[] = [];
  const lastColon = s.lastIndexOf(':');
  if (s.slice(lastColon + 1).includes('.')) {
    const dotted = parseIPv4(s.slice(lastColon + 1));
    if (!dotted) return null;
    tail = dotted;
    s = s.slice(0, lastColon + 1) + '0:0';
  }
  const halves = s.split('::');
  const head = halves[0] ? halves[0].split(':') : [];
  const rest = halves.length > 1 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - rest.length;
  const groups = [...head, ...new Array<string>(halves.length > 1 ? missing : 0).fill('0'), ...rest];
  if (groups.length !== 8) return null;
  const bytes = groups.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

/** Four bytes of a dotted-decimal IPv4 address, or null. */
export function parseIPv4(text: string): number[] | null {
  if (isIP(text) !== 4) return null;
  return text.split('.').map(Number);
}

/** Which special-purpose block an IP address falls in, or `public`. */
export function classifyAddress(address: string): AddressClass {
  const four = parseIPv4(address);
  if (four) return V4_BLOCKS.find((b) => inBlock(four, b))?.kind ?? 'public';
  const six = parseIPv6(address);
  if (!six) return 'invalid';
  const special = V6_BLOCKS.find((b) => inBlock(six, b));
  if (special) return special.kind;
  return ((six[0] ?? 0) & 0xe0) === 0x20 ? 'public' : 'reserved';
}

export function isPublicAddress(address: string): boolean {
  return classifyAddress(address) === 'public';
}

/** The port a URL connects to: its own, else the scheme's (80 for http, 443 for https). */
export function portOf(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/**
 * One `HOLDLINE_ALLOW_HOSTS` entry in the form the rule compares: `host:port` or
 * `host:*` (every port), the host normalised, IPv6 in brackets (`[::1]:8080`).
 * A bare host is refused: exempting a host on every port by accident let a
 * download reach any service on it (the Temporal frontend on a listed loopback).
 */
export function parseAllowEntry(entry: string): { ok: true; entry: string } | { ok: false; reason: string } {
  const text = entry.trim();
  const match = /^(\[[^\]]+\]|[^:[\]]+):(\*|\d{1,5})$/.exec(text);
  if (!match) {
    return {
      ok: false,
      reason: `"${text}" is not host:port: write the host with its port (127.0.0.1:9000, [::1]:9000, media.example:443), or host:* to exempt every port of the host`,
    };
  }
  const [, rawHost, rawPort] = match as unknown as [string, string, string];
  if (rawPort !== '*' && !(Number(rawPort) >= 1 && Number(rawPort) <= 65535)) return { ok: false, reason: `"${text}" has a port outside 1–65535` };
  const host = normaliseHost(rawHost);
  if (host === '') return { ok: false, reason: `"${text}" has no host` };
  return { ok: true, entry: `${isIP(host) === 6 ? `[${host}]` : host}:${rawPort}` };
}

/** True when `url`'s host and port are exempt by one of the (parsed) entries. */
export function isAllowedTarget(url: URL, allowHosts: readonly string[]): boolean {
  const host = normaliseHost(url.hostname);
  const port = String(portOf(url));
  return allowHosts.some((raw) => {
    const parsed = parseAllowEntry(raw);
    if (!parsed.ok) return false;
    const cut = parsed.entry.lastIndexOf(':');
    const entryHost = normaliseHost(parsed.entry.slice(0, cut));
    const entryPort = parsed.entry.slice(cut + 1);
    return entryHost === host && (entryPort === '*' || entryPort === port);
  });
}

export interface PublicUrlOptions {
  /** `host:port` (or `host:*`) entries exempt from the rule (config HOLDLINE_ALLOW_HOSTS); a bare host matches nothing. */
  allowHosts?: readonly string[];
  /** Resolver, default `dns.lookup` with `all: true`. */
  lookup?: (hostname: string) => Promise<Array<{ address: string; family: number }>>;
}

export interface ResolvedTarget {
  url: URL;
  /** The checked address every connection for this URL must use. */
  address: string;
  family: 4 | 6;
  /** True when the host and port were exempt by `allowHosts`. */
  allowed: boolean;
}

const defaultLookup = (hostname: string) => dnsLookup(hostname, { all: true, verbatim: true });

/** Host name as compared with `allowHosts` entries: lower case, no brackets, no trailing dot. */
export function normaliseHost(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  if (h.endsWith('.')) h = h.slice(0, -1);
  // IP literals compare in canonical form: `::ffff:127.0.0.1` and `[::ffff:7f00:1]` are one host.
  try {
    if (isIP(h) === 6) return new URL(`http://[${h}]/`).hostname.slice(1, -1);
    if (isIP(h) === 4 || /^[0-9a-fx.]+$/.test(h)) return new URL(`http://${h}/`).hostname;
  } catch {
    return h;
  }
  return h;
}

function parseUrl(input: string | URL): URL {
  let url: URL;
  try {
    url = new URL(String(input));
  } catch (cause) {
    throw new UnsafeUrlError('bad_url', `not a valid URL: ${String(input).slice(0, 200)}`, { cause });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UnsafeUrlError('bad_scheme', `only http and https URLs can be fetched, not ${url.protocol.replace(/:$/, '')}`);
  }
  if (url.hostname === '') throw new UnsafeUrlError('bad_url', 'the URL has no host');
  return url;
}

/**
 * Checks a URL against the rule and returns the address to connect to. Every
 * resolved address must be public (a host answering with one private address
 * among public ones is refused), unless the host and port are in `allowHosts`
 * (checked again at every redirect hop by the callers, which call this per hop).
 * DNS names that do not exist are `bad_url`; other DNS failures are thrown
 * as they come (transient, worth a retry).
 */
export async function resolvePublicTarget(input: string | URL, options: PublicUrlOptions = {}): Promise<ResolvedTarget> {
  const url = parseUrl(input);
  const host = normaliseHost(url.hostname);
  const allowed = isAllowedTarget(url, options.allowHosts ?? []);
  const literal = isIP(host);
  let addresses: Array<{ address: string; family: number }>;
  if (literal !== 0) {
    addresses = [{ address: host, family: literal }];
  } else {
    try {
      addresses = await (options.lookup ?? defaultLookup)(host);
    } catch (cause) {
      const code = (cause as NodeJS.ErrnoException).code;
      if (code === 'ENOTFOUND' || code === 'ENODATA') {
        throw new UnsafeUrlError('bad_url', `the host ${host} does not resolve`, { cause });
      }
      throw cause;
    }
    if (addresses.length === 0) throw new UnsafeUrlError('bad_url', `the host ${host} does not resolve`);
  }
  if (!allowed) {
    for (const { address } of addresses) {
      const kind = classifyAddress(address);
      if (kind !== 'public') {
        throw new UnsafeUrlError(
          'forbidden_address',
          literal !== 0
            ? `${host} is not a public address (${kind.replace('_', ' ')})`
            : `${host} resolves to a non-public address (${kind.replace('_', ' ')})`,
        );
      }
    }
  }
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4, allowed };
}

/** The URL, parsed, when it may be fetched; throws `UnsafeUrlError` otherwise. */
export async function assertPublicUrl(input: string | URL, options: PublicUrlOptions = {}): Promise<URL> {
  return (await resolvePublicTarget(input, options)).url;
}
