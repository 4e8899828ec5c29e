// `holdline login` and the config file it writes: the key never passes through argv,
// the config directory ends up 0700 even when it existed, and nothing planted beside
// the config (a symlink under the old predictable temporary name) receives the key.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chmod, lstat, mkdir, mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configPath, privateConfigDir, readConfig, writeConfig } from '../../../cli/config';
import { runHoldline } from './run-holdline';

const KEY = `sk_sig_${'a'.repeat(40)}`;
let scratch: string;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'holdline-config-'));
  // Accepts KEY only, as the service's key check does.
  server = createServer((req, res) => {
    const ok = req.headers.authorization === `Bearer ${KEY}`;
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(JSON.stringify(ok ? { data: [], limit: 1, offset: 0, total: 0, has_more: false } : { detail: 'invalid API key' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(scratch, { recursive: true, force: true });
});

const mode = async (path: string) => (await stat(path)).mode & 0o777;

describe('writeConfig', () => {
  it('tightens an existing config directory to 0700 and writes the file 0600', async () => {
    const env = { XDG_CONFIG_HOME: join(scratch, 'xdg-existing') };
    const dir = join(env.XDG_CONFIG_HOME, 'holdline');
    await mkdir(dir, { recursive: true });
    await chmod(dir, 0o755);
    expect(privateConfigDir(env)).toBe(dir);
    await writeConfig({ api_key: KEY }, configPath(env), privateConfigDir(env));
    expect(await mode(dir)).toBe(0o700);
    expect(await mode(configPath(env))).toBe(0o600);
    expect(await readConfig(configPath(env))).toEqual({ api_key: KEY });
    expect(await readdir(dir)).toEqual(['config.json']);
  });

  it('a symlink planted at the old predictable temporary name receives nothing', async () => {
    const env = { XDG_CONFIG_HOME: join(scratch, 'xdg-planted') };
    const path = configPath(env);
    const dir = join(env.XDG_CONFIG_HOME, 'holdline');
    await mkdir(dir, { recursive: true });
    const victim = join(scratch, 'victim.txt');
    await writeFile(victim, 'untouched\n');
    await symlink(victim, `${path}.${process.pid}.tmp`);
    await writeConfig({ api_key: KEY }, path, privateConfigDir(env));
    expect(await readFile(victim, 'utf8')).toBe('untouched\n');
    expect((await lstat(path)).isFile()).toBe(true);
    expect(await readConfig(path)).toEqual({ api_key: KEY });
  });

  it('refuses a config directory that is a symlink', async () => {
    const env = { XDG_CONFIG_HOME: join(scratch, 'xdg-link') };
    const elsewhere = join(scratch, 'elsewhere');
    await mkdir(elsewhere, { recursive: true });
    await mkdir(env.XDG_CONFIG_HOME, { recursive: true });
    await symlink(elsewhere, join(env.XDG_CONFIG_HOME, 'holdline'));
    await expect(writeConfig({ api_key: KEY }, configPath(env), privateConfigDir(env))).rejects.toThrow(
      /is not a directory \(a symlink\?\); the key is not written there$/,
    );
    expect(await readdir(elsewhere)).toEqual([]);
  });

  it('with $HOLDLINE_CONFIG the file is private and its chosen directory keeps its mode', async () => {
    const shared = join(scratch, 'shared');
    await mkdir(shared, { recursive: true });
    await chmod(shared, 0o755);
    const env = { HOLDLINE_CONFIG: join(shared, 'holdline.json') };
    expect(privateConfigDir(env)).toBeNull();
    await writeConfig({ api_key: KEY }, configPath(env), privateConfigDir(env));
    expect(await mode(shared)).toBe(0o755);
    expect(await mode(env.HOLDLINE_CONFIG)).toBe(0o600);
  });
});

describe('holdline login', () => {
  const env = (name: string) => ({ HOME: scratch, XDG_CONFIG_HOME: join(scratch, name), HOLDLINE_BASE_URL: baseUrl });

  it('refuses --key (argv is visible to other users) and writes nothing', async () => {
    const run = await runHoldline(['login', '--key', KEY], env('argv'));
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'holdline: --key is not taken: a key on the command line is visible to other users of this machine; run `holdline login` and paste it, or pipe it: `printenv HOLDLINE_KEY | holdline login`\n',
    );
    await expect(stat(join(scratch, 'argv'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('reads the key from standard input, checks it and saves it privately', async () => {
    const run = await runHoldline(['login'], env('piped'), `${KEY}\n`);
    expect(run.code).toBe(0);
    const path = join(scratch, 'piped', 'holdline', 'config.json');
    expect(run.stdout).toBe(`Key saved to ${path} (mode 600) for ${baseUrl}.\n`);
    expect(await readConfig(path)).toEqual({ api_key: KEY });
    expect(await mode(path)).toBe(0o600);
    expect(await mode(join(scratch, 'piped', 'holdline'))).toBe(0o700);
  });

  it('a key the service refuses is not saved', async () => {
    const run = await runHoldline(['login'], env('refused'), `sk_sig_${'b'.repeat(40)}\n`);
    expect(run.code).toBe(3);
    await expect(stat(join(scratch, 'refused'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
