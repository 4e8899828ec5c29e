// The embedded language model: llama.cpp's llama-server with a model that
// scripts/install-model.sh fetched, on loopback with a key of its own, and which
// model a stack starts (none when MODEL_BASE_URL names another server).

import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { embeddedModelFor, QWEN_CODER_1_5B, type EmbeddedModel } from '../../core/chat/embedded-model';
import { describeExit } from '../../core/restart-policy';
import { REPO_ROOT } from '../repo-root';
import { type Env, withoutPrefix } from './env';
import { canConnect, portOrFree } from './ports';
import { type ManagedProcess, spawnManaged } from './processes';
import { httpOk, waitOrStop } from './readiness';
import { StackError } from './stack-error';

/** Where scripts/install-model.sh links an embedded model's weights. */
export const embeddedModelPath = (model: EmbeddedModel) => join(REPO_ROOT, '.tools', 'models', model.file);

export interface ModelServerOptions {
  /** Loopback port; 0 or absent picks a free port. */
  port?: number;
  logFile: string;
  /** Recorded so a later stack on the same data directory can end an orphan. */
  pidFile?: string;
  /** Directory holding `llama-server`. Default `<repo>/.tools/bin`. */
  toolsDir?: string;
  /** Which embedded model to serve. Default the one HOLDLINE_EMBEDDED_MODEL names (Qwen2.5-Coder-1.5B when unset). */
  model?: EmbeddedModel;
  /** Cap on generated tokens per request. Default the model's `maxTokens`. */
  maxTokens?: number;
  /** Requests answered at once; each gets its own 8192-token context. Default 2. */
  parallel?: number;
  /** CPU threads for prompts and generation. Default HOLDLINE_MODEL_THREADS, else one per core (at most 8). */
  threads?: number;
  /** More llama-server arguments (tests: `--temp 0` for repeatable answers). */
  extraArgs?: string[];
  echo?: boolean;
  readyTimeoutMs?: number;
  stopGraceMs?: number;
}

export interface ModelServer {
  proc: ManagedProcess;
  /** The OpenAI-compatible base URL (`…/v1`). */
  baseUrl: string;
  /** The key the server was started with (a new random one each start of the stack). */
  apiKey: string;
  model: EmbeddedModel;
  /** MODEL_BASE_URL, MODEL_API_KEY, MODEL_BASE_NAME and HOLDLINE_MODEL_MAX_TOKENS for the API and workers. */
  env: Record<string, string>;
  /** Starts the server again on the same port (same key) and waits until it answers. */
  restart(): Promise<ManagedProcess>;
}

/** The variables that change what the embedded model server does, said wherever it fails. */
export const MODEL_FIX_HINT =
  'HOLDLINE_EMBEDDED_MODEL=small serves the 135M model instead, HOLDLINE_EMBEDDED_MODEL=off starts no model server, MODEL_BASE_URL points at another OpenAI-compatible server';

/**
 * llama-server's arguments for an embedded model. `--no-repack` keeps ggml from moving
 * weights into its CPU-specific "extra" buffers: on CPUs that advertise AMX inside a
 * virtual machine, the AMX buffer's first tile instruction faults (SIGSEGV at load), and
 * the native build cannot leave AMX out by itself. `--jinja` makes it accept `tools`;
 * `--api-key` keeps other local callers (a web page in a browser on this machine, by DNS
 * rebinding) from posting work to it, and `--cors-origins` set to its own origin with
 * `--no-cors-credentials` grants no page of another origin a cross-origin read (by default it
 * reflects any Origin, with credentials); `--no-slots` hides the slots' prompts. One thread per
 * core by default (HOLDLINE_MODEL_THREADS): on a quiet 2-core machine two threads read prompts
 * and generate twice as fast as one (46.8 and 11.3 tokens/s against 23.6 and 5.2), but ggml's
 * threads meet at a barrier after every operation, so on cores kept busy by other work a
 * preempted thread stalls the others (under a load average of 7, one thread generated
 * 2.9–6.9 tokens/s and two 0.4–0.7): set 1 where scans and chats share few cores.
 */
export function modelServerArgs(options: {
  modelFile: string;
  model: EmbeddedModel;
  port: number;
  apiKey: string;
  parallel: number;
  maxTokens: number;
  threads: number;
}): string[] {
  return [
    '--model',
    options.modelFile,
    '--alias',
    options.model.name,
    '--host',
    '127.0.0.1',
    '--port',
    String(options.port),
    '--api-key',
    options.apiKey,
    '--cors-origins',
    `http://127.0.0.1:${options.port}`,
    '--no-cors-credentials',
    '--jinja',
    '--no-repack',
    '--no-slots',
    '--threads',
    String(options.threads),
    '--threads-batch',
    String(options.threads),
    '--parallel',
    String(options.parallel),
    '--ctx-size',
    String(8192 * options.parallel),
    '--n-predict',
    String(options.maxTokens),
    '--no-webui',
  ];
}

/**
 * Starts llama.cpp's `llama-server` with an embedded model on 127.0.0.1 and waits until it
 * has loaded the weights and answered one short completion: `/health` alone says the file
 * loaded, not that the first matrix multiply runs (the AMX fault came there).
 */
export async function startModelServer(options: ModelServerOptions): Promise<ModelServer> {
  const command = join(resolve(options.toolsDir ?? join(REPO_ROOT, '.tools', 'bin')), 'llama-server');
  const model = options.model ?? embeddedModelFor(process.env.HOLDLINE_EMBEDDED_MODEL) ?? QWEN_CODER_1_5B;
  const modelFile = embeddedModelPath(model);
  for (const path of [command, modelFile]) {
    if (!existsSync(path)) throw new StackError(`${path} is missing: run scripts/bootstrap.sh (${MODEL_FIX_HINT})`);
  }
  const port = await portOrFree(options.port);
  if (await canConnect(port)) throw new StackError(`port ${port} (model server) is already in use (MODEL_PORT moves it)`);
  const parallel = options.parallel ?? 2;
  const maxTokens = options.maxTokens ?? model.maxTokens;
  const threads = options.threads ?? threadsFromEnv(process.env.HOLDLINE_MODEL_THREADS);
  const timeoutMs = options.readyTimeoutMs ?? 90_000;
  const apiKey = `sk-local-${randomBytes(18).toString('base64url')}`;
  const spawnServer = () =>
    spawnManaged({
      name: 'model',
      command,
      args: [...modelServerArgs({ modelFile, model, port, apiKey, parallel, maxTokens, threads }), ...(options.extraArgs ?? [])],
      // llama-server reads LLAMA_ARG_* settings: a stray one must not change it.
      env: withoutPrefix(process.env, 'LLAMA_'),
      logFile: options.logFile,
      echo: options.echo ?? false,
      ...(options.pidFile ? { pidFile: options.pidFile } : {}),
      defaultGraceMs: options.stopGraceMs ?? 10_000,
    });
  const baseUrl = `http://127.0.0.1:${port}/v1`;
  const health = `http://127.0.0.1:${port}/health`;
  const start = async () => {
    const proc = spawnServer();
    await waitOrStop(`model server (${health})`, proc, timeoutMs, () => httpOk(health));
    try {
      await answersOneRequest(baseUrl, apiKey, model.name, timeoutMs);
    } catch (error) {
      // Give the process a moment to be seen dying, so the message names the signal.
      const exit = await Promise.race([proc.exitedWith, sleep(500).then(() => undefined)]);
      await proc.stop(2000);
      const how = exit ? `exited (${describeExit(exit.code, exit.signal)})` : `did not answer (${(error as Error).message})`;
      throw new StackError(`model server loaded ${model.file} but ${how} on its first request (log ${proc.logFile}):\n${proc.logTail()}`);
    }
    return proc;
  };
  return {
    proc: await start(),
    baseUrl,
    apiKey,
    model,
    env: {
      MODEL_BASE_URL: baseUrl,
      MODEL_API_KEY: apiKey,
      MODEL_BASE_NAME: model.name,
      // The request's max_tokens overrides the server's --n-predict, so the cap travels with the requests.
      HOLDLINE_MODEL_MAX_TOKENS: String(maxTokens),
    },
    restart: start,
  };
}

function threadsFromEnv(raw: string | undefined): number {
  if (raw === undefined || raw === '') return Math.min(availableParallelism(), 8);
  const threads = Number(raw);
  if (!Number.isInteger(threads) || threads < 1 || threads > 256)
    throw new StackError(`HOLDLINE_MODEL_THREADS must be a whole number from 1 to 256, got "${raw}"`);
  return threads;
}

/** One short completion, so the first matrix multiplies have run; throws when the server fails or dies. */
async function answersOneRequest(baseUrl: string, apiKey: string, name: string, timeoutMs: number): Promise<void> {
  const response = await fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
    body: JSON.stringify({ model: name, messages: [{ role: 'user', content: 'Say OK.' }], max_tokens: 2, temperature: 0 }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`status ${response.status}: ${body.slice(0, 200)}`);
  const parsed = JSON.parse(body) as { choices?: { message?: { content?: unknown } }[] };
  if (typeof parsed.choices?.[0]?.message?.content !== 'string') throw new Error(`no answer in ${body.slice(0, 200)}`);
}

/** The embedded model a stack with `model: true` starts, or null when it starts none (MODEL_BASE_URL set, or HOLDLINE_EMBEDDED_MODEL=off). */
export function wantedEmbeddedModel(env: Env, external: Env): EmbeddedModel | null {
  if (env.MODEL_BASE_URL ?? external.MODEL_BASE_URL) return null;
  return embeddedModelFor(env.HOLDLINE_EMBEDDED_MODEL ?? external.HOLDLINE_EMBEDDED_MODEL);
}

/** Whether a stack with `model: true` starts the embedded model server. */
export function wantsEmbeddedModel(env: Env, external: Env): boolean {
  return wantedEmbeddedModel(env, external) !== null;
}
