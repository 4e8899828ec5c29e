// The install's check of the embedded model server (run by scripts/bootstrap.sh once
// node_modules is there): start the installed llama-server with the model `npm run up`
// will serve, exactly as the stack starts it, and have it answer one short completion.
// `--version` would pass on a machine where the first matrix multiply faults (the AMX
// case), so the check does real work. It runs once per server build and model: a stamp
// beside the cached binary records the pass. A failure is reported with the exit signal
// and the variables that fix it, and exits 0: the model must not stop the install of
// everything else.

import { existsSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { EMBEDDED_MODEL_FILE, REPO_ROOT, startModelServer } from './stack';

const FIX_HINT = 'HOLDLINE_EMBEDDED_MODEL=off starts no model server, MODEL_BASE_URL points at another OpenAI-compatible server';

const say = (line: string) => process.stderr.write(`install-model: ${line}\n`);

async function main(): Promise<void> {
  if (process.env.HOLDLINE_EMBEDDED_MODEL === 'off') return;
  const binary = join(REPO_ROOT, '.tools', 'bin', 'llama-server');
  if (!existsSync(binary) || !existsSync(EMBEDDED_MODEL_FILE)) {
    say(`the embedded model is not installed (${binary} or ${EMBEDDED_MODEL_FILE} missing); ${FIX_HINT}`);
    return;
  }
  const stamp = join(dirname(realpathSync(binary)), `.answered-${basename(EMBEDDED_MODEL_FILE)}`);
  if (existsSync(stamp)) return;
  const dir = mkdtempSync(join(tmpdir(), 'holdline-model-check-'));
  const started = Date.now();
  try {
    const server = await startModelServer({ logFile: join(dir, 'model.log'), parallel: 1, readyTimeoutMs: 180_000 });
    await server.proc.stop();
    writeFileSync(
      stamp,
      `${new Date().toISOString()} loaded ${basename(EMBEDDED_MODEL_FILE)} and answered one request in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
    say(`llama-server loaded ${basename(EMBEDDED_MODEL_FILE)} and answered a request (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    say(`the embedded model server failed its check, so npm run up cannot start it: ${(error as Error).message}`);
    say(FIX_HINT);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
