import { describe, expect, it } from 'vitest';
import {
  UnsafeUrlError,
  assertPublicUrl,
  classifyAddress,
  isPublicAddress,
  normaliseHost,
  parseAllowEntry,
  parseIPv6,
  resolvePublicTarget,
} from '../../../net/public-address';

describe('classifyAddress, IPv4', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['93.184.216.34', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.15.255.255', 'public'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.0', 'public'],
    ['192.168.0.1', 'private'],
    ['192.169.0.1', 'public'],
    ['100.63.255.255', 'public'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['100.128.0.0', 'public'],
    ['169.254.169.254', 'link_local'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.10', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.99', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['198.20.0.0', 'public'],
    ['192.88.99.1', 'reserved'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.254', 'reserved'],
    ['255.255.255.255', 'broadcast'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });
});

describe('classifyAddress, IPv6', () => {
  it.each([
    ['2606:4700:4700::1111', 'public'],
    ['2001:4860:4860::8888', 'public'],
    ['2a00:1450:4001:82b::200e', 'public'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::ffff:127.0.0.1', 'ipv4_embedded'],
    ['::ffff:7f00:1', 'ipv4_embedded'],
    ['::ffff:10.0.0.1', 'ipv4_embedded'],
    ['::ffff:8.8.8.8', 'ipv4_embedded'],
    ['::127.0.0.1', 'ipv4_embedded'],
    ['::ffff:0:7f00:1', 'ipv4_embedded'],
    ['64:ff9b::a00:1', 'ipv4_embedded'],
    ['64:ff9b:1::1', 'ipv4_embedded'],
    ['2002:7f00:1::1', 'ipv4_embedded'],
    ['2001:0:4136:e378::1', 'ipv4_embedded'],
    ['fe80::1', 'link_local'],
    ['fe80::1%eth0', 'link_local'],
    ['febf::1', 'link_local'],
    ['fec0::1', 'private'],
    ['fc00::1', 'unique_local'],
    ['fd12:3456:789a::1', 'unique_local'],
    ['ff02::1', 'multicast'],
    ['ff05::1:3', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['2001:2::1', 'benchmarking'],
    ['2001:10::1', 'reserved'],
    ['100::1', 'reserved'],
    ['1::', 'reserved'],
    ['4000::1', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it('calls anything that is not an IP address invalid, and never public', () => {
    expect(classifyAddress('localhost')).toBe('invalid');
    expect(classifyAddress('127.1')).toBe('invalid');
    expect(isPublicAddress('example.com')).toBe(false);
  });
});

describe('parseIPv6', () => {
  it('expands compression and a dotted IPv4 tail into 16 bytes', () => {
    expect(parseIPv6('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 127, 0, 0, 1]);
    expect(parseIPv6('[fe80::1:2]')).toEqual([0xfe, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 2]);
    expect(parseIPv6('1:2:3:4:5:6:7:8')).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]);
    expect(parseIPv6('1.2.3.4')).toBeNull();
  });
});

describe('URL host normalisation (WHATWG)', () => {
  it.each([
    ['http://2130706433/', '127.0.0.1'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://017700000001/', '127.0.0.1'],
    ['http://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]'],
    ['http://[0:0:0:0:0:0:0:1]/', '[::1]'],
  ])('%s has host %s', (url, host) => {
    expect(new URL(url).hostname).toBe(host);
  });

  it('compares allow-list entries in the same canonical form', () => {
    expect(normaliseHost('LocalHost.')).toBe('localhost');
    expect(normaliseHost('[::FFFF:127.0.0.1]')).toBe('::ffff:7f00:1');
    expect(normaliseHost('2130706433')).toBe('127.0.0.1');
  });
});

async function refusal(url: string, options: Parameters<typeof assertPublicUrl>[1] = {}): Promise<string> {
  try {
    await assertPublicUrl(url, options);
    return 'allowed';
  } catch (error) {
    if (error instanceof UnsafeUrlError) return error.code;
    throw error;
  }
}

describe('assertPublicUrl', () => {
  it.each([
    ['http://2130706433/video.mp4', 'forbidden_address'],
    ['http://0x7f.1/', 'forbidden_address'],
    ['http://0177.0.0.1/', 'forbidden_address'],
    ['http://[::1]:8080/', 'forbidden_address'],
    ['http://[::ffff:127.0.0.1]/', 'forbidden_address'],
    ['http://[::ffff:169.254.169.254]/latest/meta-data/', 'forbidden_address'],
    ['http://169.254.169.254/latest/meta-data/', 'forbidden_address'],
    ['http://10.0.0.5/', 'forbidden_address'],
    ['http://100.100.100.200/', 'forbidden_address'],
    ['https://[fd00::1]/', 'forbidden_address'],
    ['http://0.0.0.0:7233/', 'forbidden_address'],
    ['http://localhost:8233/', 'forbidden_address'],
    ['file:///etc/passwd', 'bad_scheme'],
    ['ftp://8.8.8.8/x', 'bad_scheme'],
    ['javascript:alert(1)', 'bad_scheme'],
    ['gopher://8.8.8.8/', 'bad_scheme'],
    ['not a url', 'bad_url'],
    ['http://', 'bad_url'],
  ])('%s is refused with %s', async (url, code) => {
    expect(await refusal(url)).toBe(code);
  });

  it('accepts a public IP literal without asking DNS', async () => {
    expect((await assertPublicUrl('https://8.8.8.8/clip.mp4')).href).toBe('https://8.8.8.8/clip.mp4');
    expect((await assertPublicUrl('http://[2606:4700:4700::1111]/a')).hostname).toBe('[2606:4700:4700::1111]');
  });

  it('exempts exactly the host:port entries in allowHosts', async () => {
    expect(await refusal('http://127.0.0.1:9000/a.mp4', { allowHosts: ['127.0.0.1:9000'] })).toBe('allowed');
    expect(await refusal('http://2130706433:9000/a.mp4', { allowHosts: ['127.0.0.1:9000'] })).toBe('allowed');
    expect(await refusal('http://localhost:9000/a.mp4', { allowHosts: ['LOCALHOST:9000'] })).toBe('allowed');
    expect(await refusal('http://[::1]:9000/a.mp4', { allowHosts: ['[::1]:9000'] })).toBe('allowed');
    expect(await refusal('http://127.0.0.1/a.mp4', { allowHosts: ['127.0.0.1:80'] })).toBe('allowed');
    expect(await refusal('https://127.0.0.1/a.mp4', { allowHosts: ['127.0.0.1:443'] })).toBe('allowed');
    expect(await refusal('http://127.0.0.1:7233/', { allowHosts: ['127.0.0.1:*'] })).toBe('allowed');
    expect(await refusal('http://localhost:9000/a.mp4', { allowHosts: ['127.0.0.1:9000'] })).toBe('forbidden_address');
    expect(await refusal('http://127.0.0.2/a.mp4', { allowHosts: ['127.0.0.1:80'] })).toBe('forbidden_address');
    expect(await refusal('http://[::1]/a.mp4', { allowHosts: ['127.0.0.1:80'] })).toBe('forbidden_address');
  });

  it('an allowed host is exempt on its listed port only: other ports, the scheme default included, are refused', async () => {
    expect(await refusal('http://127.0.0.1:7233/', { allowHosts: ['127.0.0.1:9000'] })).toBe('forbidden_address');
    expect(await refusal('http://127.0.0.1/a.mp4', { allowHosts: ['127.0.0.1:9000'] })).toBe('forbidden_address');
    expect(await refusal('https://127.0.0.1/a.mp4', { allowHosts: ['127.0.0.1:80'] })).toBe('forbidden_address');
    // A bare host (no port) exempts nothing; config refuses it at start.
    expect(await refusal('http://127.0.0.1/a.mp4', { allowHosts: ['127.0.0.1'] })).toBe('forbidden_address');
  });

  it.each([
    ['127.0.0.1:9000', '127.0.0.1:9000'],
    [' LocalHost.:443 ', 'localhost:443'],
    ['[::1]:8080', '[::1]:8080'],
    ['[::FFFF:127.0.0.1]:80', '[::ffff:7f00:1]:80'],
    ['media.example:*', 'media.example:*'],
  ])('the entry %j is read as %j', (entry, expected) => {
    expect(parseAllowEntry(entry)).toEqual({ ok: true, entry: expected });
  });

  it.each(['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.0.1:', '127.0.0.1:0', '127.0.0.1:65536', 'host:80:81', ':80'])(
    'the entry %j is refused',
    (entry) => {
      expect(parseAllowEntry(entry)).toMatchObject({ ok: false, reason: expect.stringContaining(entry.trim()) });
    },
  );

  it('refuses a host when any one of its addresses is not public', async () => {
    const lookup = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ];
    expect(await refusal('https://mixed.example/', { lookup })).toBe('forbidden_address');
  });

  it('calls a name that does not resolve a bad URL', async () => {
    const lookup = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.invalid'), { code: 'ENOTFOUND' });
    };
    expect(await refusal('https://nowhere.invalid/', { lookup })).toBe('bad_url');
  });

  it('returns the checked address to pin the connection to', async () => {
    const lookup = async () => [
      { address: '2606:4700:4700::1111', family: 6 },
      { address: '1.1.1.1', family: 4 },
    ];
    const target = await resolvePublicTarget('https://cdn.example/v.mp4', { lookup });
    expect([target.address, target.family, target.allowed]).toEqual(['2606:4700:4700::1111', 6, false]);
  });
});
