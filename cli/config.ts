// Where `holdline login` keeps the key: a JSON file only its owner can read, in a
// directory only its owner can enter.

import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { chmod, lstat, mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export interface CliConfig {
  api_key?: string;
  base_url?: string;
}

/** `$HOLDLINE_CONFIG`, else `$XDG_CONFIG_HOME/holdline/config.json`, else `~/.config/holdline/config.json`. */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.HOLDLINE_CONFIG?.trim()) return env.HOLDLINE_CONFIG.trim();
  const base = env.XDG_CONFIG_HOME?.trim() || join(homedir(), '.config');
  return join(base, 'holdline', 'config.json');
}

/**
 * The directory whose mode `writeConfig` makes 0700: our own `holdline` directory. None
 * when `$HOLDLINE_CONFIG` names the file: its directory is the user's choice and may be
 * shared (their home), so only the file is made private there.
 */
export function privateConfigDir(env: NodeJS.ProcessEnv = process.env): string | null {
  return env.HOLDLINE_CONFIG?.trim() ? null : dirname(configPath(env));
}

/** The saved config; empty when there is none. A file that is not a JSON object is an error worth showing. */
export async function readConfig(path = configPath()): Promise<CliConfig> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  const parsed = JSON.parse(text) as unknown;
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`${path} is not a JSON object`);
  const config = parsed as Record<string, unknown>;
  return {
    ...(typeof config.api_key === 'string' ? { api_key: config.api_key } : {}),
    ...(typeof config.base_url === 'string' ? { base_url: config.base_url } : {}),
  };
}

/**
 * Writes the config with mode 0600, its own directory 0700 (an existing one is
 * tightened: `mkdir`'s mode applies only to a directory it creates). The content goes
 * to a temporary file with an unpredictable name, created exclusively and never
 * through a symlink (`O_CREAT|O_EXCL|O_NOFOLLOW`, mode 0600), so a file or link
 * planted beside the config cannot receive the key; then it is renamed over the
 * config, so a reader never sees half of it.
 */
export async function writeConfig(config: CliConfig, path = configPath(), privateDir: string | null = privateConfigDir()): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (privateDir !== null && privateDir === dir) {
    const info = await lstat(dir);
    if (!info.isDirectory()) throw new Error(`${dir} is not a directory (a symlink?); the key is not written there`);
    if (typeof process.getuid === 'function' && info.uid !== process.getuid()) throw new Error(`${dir} belongs to another user; the key is not written there`);
    await chmod(dir, 0o700);
  }
  const temporary = join(dir, `.config.${randomBytes(12).toString('hex')}.tmp`);
  const file = await open(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  try {
    try {
      // The umask may have taken bits from the creation mode, never added any; this states it.
      await file.chmod(0o600);
      await file.writeFile(`${JSON.stringify(config, null, 2)}\n`);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}
