// `holdline login`: the key checked with the service, then saved to the config file
// (config.ts writes it privately). The key is typed blind or piped in, never taken from argv.

import { Option, type Command } from 'commander';
import { Holdline } from '../../clients/js/src/index';
import { configPath, readConfig, writeConfig } from '../config';
import { CliError, type Cli, type Run } from '../context';
import { EXIT, type ExitCode } from '../format';

export function addLogin(program: Command, run: Run): void {
  program
    .command('login')
    .description(`check a key with the service and save it to ${configPath()} (mode 600); the key is asked for (no echo) or read from stdin`)
    // Hidden: kept only to refuse it with the reason (the key would sit in argv).
    .addOption(new Option('--key <key>').hideHelp())
    .action((options: { key?: string }) => run((cli) => loginCommand(cli, options)));
}

export async function loginCommand(cli: Cli, options: { key?: string }): Promise<ExitCode> {
  // A key in argv is readable by every local user (ps, /proc/<pid>/cmdline) while the command runs.
  if (options.key !== undefined) {
    throw new CliError(
      EXIT.usage,
      '--key is not taken: a key on the command line is visible to other users of this machine; run `holdline login` and paste it, or pipe it: `printenv HOLDLINE_KEY | holdline login`',
    );
  }
  const key = (await cli.readSecret('API key (sk_sig_…): ')).trim();
  if (!key || !/^sk_sig_\S+$/.test(key)) throw new CliError(EXIT.usage, 'that is not a Holdline key (sk_sig_…)');
  const { baseUrl } = await cli.connect({ needKey: false });
  // A key the service refuses is not saved.
  await new Holdline({ baseUrl, apiKey: key, retry: { maxRetries: 0 } }).scans.list({ limit: 1 });
  const path = configPath();
  const existing = await readConfig(path).catch(() => ({}));
  await writeConfig({ ...existing, api_key: key, ...(cli.globals.baseUrl ? { base_url: baseUrl } : {}) }, path);
  if (cli.json) cli.printJson({ config: path, base_url: baseUrl });
  else cli.out(`Key saved to ${path} (mode 600) for ${baseUrl}.`);
  return EXIT.ok;
}
