import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TAR_BLOCK, TAR_END, TarEntryError, tarHeader, tarPadding } from '../../../core/tar';

const archiveOf = (entries: Array<{ name: string; bytes: Uint8Array }>) =>
  Buffer.concat(
    entries
      .flatMap(({ name, bytes }) => [tarHeader({ name, size: bytes.length, mtime: new Date('2026-01-02T03:04:05Z') }), bytes, tarPadding(bytes.length)])
      .concat([TAR_END]),
  );

describe('tar pieces', () => {
  it('make an archive GNU tar lists and unpacks byte for byte', () => {
    const big = new Uint8Array(TAR_BLOCK * 3 + 17).map((_, i) => (i * 31) % 251);
    const entries = [
      { name: 'manifest.json', bytes: new TextEncoder().encode('{"a":1}\n') },
      { name: 'scn_0123/read.json', bytes: new Uint8Array(0) },
      { name: 'scn_0123/media.mp4', bytes: big },
      { name: 'exact.bin', bytes: new Uint8Array(TAR_BLOCK).fill(7) },
    ];
    const archive = archiveOf(entries);
    expect(archive.length % TAR_BLOCK).toBe(0);
    const dir = mkdtempSync(join(tmpdir(), 'tar-test-'));
    try {
      writeFileSync(join(dir, 'a.tar'), archive);
      const listing = execFileSync('tar', ['-tvf', join(dir, 'a.tar')], { encoding: 'utf8' })
        .trim()
        .split('\n');
      expect(listing.map((line) => line.split(/\s+/).at(-1))).toEqual(entries.map((e) => e.name));
      expect(listing[2]).toContain(String(big.length));
      execFileSync('tar', ['-xf', join(dir, 'a.tar'), '-C', dir]);
      for (const entry of entries) expect(new Uint8Array(readFileSync(join(dir, entry.name)))).toEqual(entry.bytes);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('pads each entry to the next block, nothing when it ends on one', () => {
    expect(tarPadding(0).length).toBe(0);
    expect(tarPadding(1).length).toBe(511);
    expect(tarPadding(512).length).toBe(0);
    expect(tarPadding(513).length).toBe(511);
  });

  it('refuses names that are absolute, climb out, are not ASCII or are too long, and impossible sizes', () => {
    const mtime = new Date();
    for (const name of ['/etc/passwd', '../x', 'a/../../x', 'vidéo.mp4', 'x'.repeat(101), '']) {
      expect(() => tarHeader({ name, size: 1, mtime }), name).toThrow(TarEntryError);
    }
    expect(() => tarHeader({ name: 'a', size: -1, mtime })).toThrow(TarEntryError);
    expect(() => tarHeader({ name: 'a', size: 8 ** 11, mtime })).toThrow(TarEntryError);
    expect(tarHeader({ name: 'x'.repeat(100), size: 8 ** 11 - 1, mtime }).length).toBe(TAR_BLOCK);
  });
});
