import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedHosts } from '../../../mcp/http';
import { LocalFileRefused, resolveLocalFile, sharedFolder, type LocalFiles } from '../../../mcp/local-files';
import { toolsFor } from '../../../mcp/tools';

// What scan_file may read over HTTP: only regular files inside the shared folder,
// and one answer for everything else.

let base: string;
let shared: LocalFiles;
let root: string;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'holdline-mcp-files-'));
  await mkdir(join(base, 'shared', 'sub'), { recursive: true });
  await writeFile(join(base, 'shared', 'clip.mp4'), 'video');
  await writeFile(join(base, 'shared', 'sub', 'deep.mp4'), 'video');
  await writeFile(join(base, 'secret.mp4'), 'not yours', { mode: 0o600 });
  await writeFile(join(base, 'shared-sibling.mp4'), 'next door');
  await symlink(join(base, 'secret.mp4'), join(base, 'shared', 'escape.mp4'));
  await symlink(join(base, 'shared', 'clip.mp4'), join(base, 'shared', 'alias.mp4'));
  await symlink(base, join(base, 'shared', 'up'));
  shared = await sharedFolder(join(base, 'shared'));
  root = (shared as { root: string }).root;
});
afterAll(async () => rm(base, { recursive: true, force: true }));

describe('resolveLocalFile in a shared folder', () => {
  it('reads a file inside by a relative or an absolute path, and a symlink that stays inside, at its real path', async () => {
    expect(await resolveLocalFile(shared, 'clip.mp4')).toBe(join(root, 'clip.mp4'));
    expect(await resolveLocalFile(shared, 'sub/deep.mp4')).toBe(join(root, 'sub', 'deep.mp4'));
    expect(await resolveLocalFile(shared, join(root, 'clip.mp4'))).toBe(join(root, 'clip.mp4'));
    expect(await resolveLocalFile(shared, 'alias.mp4')).toBe(join(root, 'clip.mp4'));
  });

  it.each([
    ['a missing file', 'missing.mp4'],
    ['a file outside by ..', '../secret.mp4'],
    ['a file outside by an absolute path', '/etc/passwd'],
    ['a symlink inside pointing outside', 'escape.mp4'],
    ['a path through a symlinked directory pointing outside', 'up/secret.mp4'],
    ['a sibling whose name starts with the folder name', '../shared-sibling.mp4'],
    ['a directory', 'sub'],
    ['the folder itself', '.'],
    ['a NUL byte', 'clip.mp4\0.txt'],
  ])('refuses %s with the one answer', async (_, path) => {
    const refused = await resolveLocalFile(shared, path).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(LocalFileRefused);
    expect((refused as Error).message).toBe(`no readable video file "${path}" in the folder this server shares`);
  });

  it("passes any path through on stdio (the user's own machine)", async () => {
    expect(await resolveLocalFile({ kind: 'any' }, '/etc/passwd')).toBe('/etc/passwd');
  });

  it('refuses to share a path that is not a directory', async () => {
    await expect(sharedFolder(join(base, 'secret.mp4'))).rejects.toThrow('is not a directory');
    await expect(sharedFolder(join(base, 'nowhere'))).rejects.toThrow(/ENOENT/);
  });
});

describe('which tools HTTP offers', () => {
  it('no scan_file without a shared folder; with one, scan_file says it reads only there', () => {
    expect(toolsFor(true, null).map((tool) => tool.name)).not.toContain('scan_file');
    expect(toolsFor(true, null)).toHaveLength(12);
    const scanFile = toolsFor(true, shared).find((tool) => tool.name === 'scan_file')!;
    expect(scanFile.description).toContain('Only files inside that folder can be read');
    expect(toolsFor(false, shared).map((tool) => tool.name)).toEqual(['demo_scan', 'library']);
  });
});

describe('acceptedHosts', () => {
  it("loopback names with the port, the bound address unless a wildcard, and the operator's names, lower-case", () => {
    expect(acceptedHosts('127.0.0.1', 8765, [])).toEqual(['127.0.0.1:8765', 'localhost:8765', '[::1]:8765']);
    expect(acceptedHosts('0.0.0.0', 8765, [' MCP.example.com ', 'mcp.example.com:8443', ''])).toEqual([
      '127.0.0.1:8765',
      'localhost:8765',
      '[::1]:8765',
      'mcp.example.com',
      'mcp.example.com:8443',
    ]);
    expect(acceptedHosts('::', 1, [])).toEqual(['127.0.0.1:1', 'localhost:1', '[::1]:1']);
    expect(acceptedHosts('192.0.2.5', 80, [])).toContain('192.0.2.5:80');
    expect(acceptedHosts('fd00::5', 80, [])).toContain('[fd00::5]:80');
  });
});
