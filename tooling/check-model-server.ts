// The install's check of the embedded model server (run by scripts/bootstrap.sh once
// node_modules is there): start the installed llama-server with the model `npm run up`
// will serve, exactly as the stack starts it, and have it answer one short completion.
// `--version` would pass on a machine where the first matrix multiply faults (the AMX
// case), so the check does real work. It runs once per server build and model: a stamp
// beside the cached binary records the pass. A failure is reported with the exit signal
// and the variables that fix it, and exits 0: the model is optional and must not stop
// the install of everything else (`npm run up` then comes up saying the model is unavailable).

import { existsSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { embeddedModelFor } from '../core/chat/embedded-model';
import { REPO_ROOT } from './repo-root';
import { embeddedModelPath, MODEL_FIX_HINT, startModelServer } from './stack/model';

const say = (line: string) => process.stderr.write(`install-model: ${line}\n`);

async function main(): Promise<void> {
  const model = embeddedModelFor(process.env.HOLDLINE_EMBEDDED_MODEL);
  if (!model) return;
  const binary = join(REPO_ROOT, '.tools', 'bin', 'llama-server');
  if (!existsSync(binary) || !existsSync(embeddedModelPath(model))) {
    say(`the embedded model is not installed (${binary} or ${model.file} missing); ${MODEL_FIX_HINT}`);
    return;
  }
  const stamp = join(dirname(realpathSync(binary)), `.answered-${model.file}`);
  if (existsSync(stamp)) return;
  const dir = mkdtempSync(join(tmpdir(), 'holdline-model-check-'));
  const started = Date.now();
  try {
    const server = await startModelServer({ logFile: join(dir, 'model.log'), model, parallel: 1, readyTimeoutMs: 180_000 });
    await server.proc.stop();
    writeFileSync(stamp, `${new Date().toISOString()} loaded ${model.file} and answered one request in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    say(`llama-server loaded ${model.name} and answered a request (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    say(`the embedded model server failed its check, so \`npm run up\` will run without a model: ${(error as Error).message}`);
    say(MODEL_FIX_HINT);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
