// Where `holdline login` keeps the key: a JSON file only its owner can read.

import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
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

/** Writes the config with mode 0600 (its directory 0700): written aside, then renamed, so a reader never sees half of it. */
export async function writeConfig(config: CliConfig, path = configPath()): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  // The mode given to writeFile is masked by the umask and ignored for an existing file.
  await chmod(temporary, 0o600);
  await rename(temporary, path);
}
