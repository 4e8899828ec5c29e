// Starts the local Holdline stack as child processes: the Temporal dev server,
// FerretDB (MongoDB protocol on SQLite), optionally the ear (the local Whisper
// transcription server, ear/), the worker and the API.
// Used by `scripts/up.ts` (fixed ports, `.data/`) and by the test setup (free
// ports, a temporary data directory). Every child runs in its own process
// group so stopping it also stops whatever it spawned (ffmpeg, pocketsphinx).
// With `model: true` and no MODEL_BASE_URL, it also runs the embedded language
// model (llama.cpp's llama-server with SmolLM2-135M-Instruct) on loopback.

import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { REPO_ROOT } from '../repo-root';
import { startApi } from './api';
import { EAR_MODEL, spawnEar } from './ear';
import { cleanEnv, type Env } from './env';
import { mongoAnswers, spawnFerretDb } from './ferretdb';
import { MODEL_FIX_HINT, startModelServer, wantedEmbeddedModel } from './model';
import { endOrphans } from './orphans';
import { StackParts, type PartSetup } from './parts';
import { canConnect, portOrFree } from './ports';
import { installSignalHandlers, type ManagedProcess } from './processes';
import { httpOk, waitUntil } from './readiness';
import { StackError } from './stack-error';
import { spawnTemporal, temporalAnswers } from './temporal';
import { startWorker, type WorkerOptions } from './worker';

export type StackPart = 'temporal' | 'ferretdb' | 'ear' | 'worker' | 'api' | 'model';

export interface StackOptions {
  /** Directory for databases, logs and scratch files (created). Default `<repo>/.data`. */
  dataDir?: string;
  /** Temporal frontend port; 0 or absent picks a free port. */
  temporalPort?: number;
  /** Temporal Web UI port; 0 or absent picks a free port. */
  temporalUiPort?: number;
  /** FerretDB port; 0 or absent picks a free port. */
  mongoPort?: number;
  /** MongoDB database name used in the returned URI. Default `holdline`. */
  mongoDatabase?: string;
  /**
   * Start the ear (`ear/`, Whisper on faster-whisper) and point workers at it
   * through HOLDLINE_TRANSCRIBER_URL, unless the consulted environment already
   * names a transcription server or chooses `HOLDLINE_TRANSCRIBER=pocketsphinx`.
   * Default false.
   */
  ear?: boolean;
  /** The ear's port; 0 or absent picks a free port. */
  earPort?: number;
  /** HOLDLINE_EAR_* settings for the ear, over those of this process's environment. */
  earEnv?: Env;
  /** Start the worker (`workers/main.ts`). Default false. */
  worker?: boolean;
  /** Start the API (`api/server.ts`) and wait for `GET /readyz`. Default false. */
  api?: boolean;
  /** API port; 0 or absent picks a free port. */
  apiPort?: number;
  /** Task queue prefix handed to worker and API. Default `holdline`. */
  taskQueuePrefix?: string;
  /** Extra environment for worker and API (e.g. MODEL_BASE_URL). */
  env?: Env;
  /**
   * The environment consulted for `TEMPORAL_ADDRESS` / `MONGODB_URI` (and, for
   * the ear, `HOLDLINE_TRANSCRIBER_URL` / `HOLDLINE_TRANSCRIBER`): when set,
   * that server is used and none is started. Default `process.env`.
   */
  externalEnv?: Env;
  /**
   * Also copy children's output to this process's stdout/stderr, prefixed with
   * their name: all of them, or only the named ones. Always written to
   * `<dataDir>/logs/<name>.log`. Default false.
   */
  echo?: boolean | StackPart[];
  /** How long to wait for each part to become ready, in ms. Default 90 000. */
  readyTimeoutMs?: number;
  /** Grace period between SIGTERM and SIGKILL on stop, in ms. Default 10 000. */
  stopGraceMs?: number;
  /** Directory holding the `temporal` and `ferretdb` binaries. Default `<repo>/.tools/bin`. */
  toolsDir?: string;
  /** Stop the children when this process gets SIGINT/SIGTERM. Default true. */
  handleSignals?: boolean;
  /**
   * Start the embedded model server (`startModelServer`) and point worker and API at it,
   * unless MODEL_BASE_URL is set (in `env` or `externalEnv`) or HOLDLINE_EMBEDDED_MODEL is
   * `off`. Default false.
   */
  model?: boolean;
  /** The embedded model server's port; 0 or absent picks a free port. */
  modelPort?: number;
  /**
   * The model server is optional: when it cannot start, the stack comes up without it
   * (`modelUnavailable` says why; API and worker get MODEL_BASE_URL=off and the reason, so
   * chat answers 503 `model_unavailable` naming it). Default false: a failure throws.
   */
  modelOptional?: boolean;
  /**
   * Parts started before this stack (the rehearsal's servers): its own children join them,
   * so `processes`, `restart` and `stop` cover all. Default a new set.
   */
  parts?: StackParts;
}

export interface Stack {
  mongodbUri: string;
  temporalAddress: string;
  /** Absent when an external Temporal is used and `TEMPORAL_UI_URL` is not set. */
  temporalUiUrl: string | undefined;
  /** Present when the API was started. */
  apiUrl: string | undefined;
  /** The transcription API the stack's workers use (`…/v1`): the ear's when it was started. */
  transcriberUrl: string | undefined;
  /** The random key the ear started here asks for (`HOLDLINE_TRANSCRIBER_API_KEY` in `env`); undefined without one. */
  transcriberApiKey: string | undefined;
  /** Why the embedded model server is not running although one was wanted (`modelOptional`). */
  modelUnavailable: string | undefined;
  dataDir: string;
  /** The environment a worker or API of this stack runs with. */
  env: Record<string, string>;
  /** The children this stack started, in start order (more are added by `startWorker`). */
  processes: ManagedProcess[];
  /** Starts another worker against this stack (its env merged over the stack's). */
  startWorker(extraEnv?: Env, options?: WorkerOptions): Promise<ManagedProcess>;
  /**
   * Starts a part of this stack again the way it was first started (same ports,
   * data, log and environment) and waits until it is ready. A part still running
   * is stopped first. The new process takes the old one's place in `processes`.
   */
  restart(proc: ManagedProcess): Promise<ManagedProcess>;
  /** True once `stop()` was called. */
  readonly stopped: boolean;
  /** True while `proc` is a running part of this stack that nobody is restarting or stopping. */
  isCurrent(proc: ManagedProcess): boolean;
  /** Stops every child in reverse start order. Safe to call twice. */
  stop(): Promise<void>;
}

/** Starts Temporal and FerretDB (unless external ones are configured) and optionally worker and API. */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const dataDir = resolve(options.dataDir ?? join(REPO_ROOT, '.data'));
  const toolsDir = resolve(options.toolsDir ?? join(REPO_ROOT, '.tools', 'bin'));
  const external = options.externalEnv ?? process.env;
  const echoes = (part: StackPart) => (Array.isArray(options.echo) ? options.echo.includes(part) : (options.echo ?? false));
  const timeoutMs = options.readyTimeoutMs ?? 90_000;
  const graceMs = options.stopGraceMs ?? 10_000;
  const logDir = join(dataDir, 'logs');
  const pidDir = join(dataDir, 'pids');
  mkdirSync(logDir, { recursive: true });
  if (options.handleSignals ?? true) installSignalHandlers();
  await endOrphans(pidDir, dataDir);

  const parts = options.parts ?? new StackParts(graceMs);
  const track = (proc: ManagedProcess, start: () => Promise<ManagedProcess>) => parts.track(proc, start);
  const stop = () => parts.stop();
  const setup = (part: StackPart): PartSetup => ({ dataDir, logDir, pidDir, echo: echoes(part), timeoutMs, graceMs, track });

  const binary = (name: string) => {
    const path = join(toolsDir, name);
    if (!existsSync(path)) throw new StackError(`${path} is missing: run scripts/bootstrap.sh first`);
    return path;
  };

  try {
    // Temporal
    let temporalAddress = external.TEMPORAL_ADDRESS;
    let temporalUiUrl = external.TEMPORAL_UI_URL;
    let temporal: ManagedProcess | undefined;
    if (!temporalAddress) {
      const server = await spawnTemporal(setup('temporal'), binary('temporal'), { port: options.temporalPort, uiPort: options.temporalUiPort });
      ({ address: temporalAddress, uiUrl: temporalUiUrl, proc: temporal } = server);
    }

    // FerretDB (started while Temporal boots)
    let mongodbUri = external.MONGODB_URI;
    let ferret: ManagedProcess | undefined;
    if (!mongodbUri) {
      const server = await spawnFerretDb(setup('ferretdb'), binary('ferretdb'), { port: options.mongoPort, database: options.mongoDatabase });
      ({ uri: mongodbUri, proc: ferret } = server);
    }

    // The ear (started while the others boot: loading Whisper takes a few seconds)
    let transcriberUrl = external.HOLDLINE_TRANSCRIBER_URL || undefined;
    let ear: ManagedProcess | undefined;
    let earApiKey: string | undefined;
    let earHealth: string | undefined;
    if (options.ear && !transcriberUrl && external.HOLDLINE_TRANSCRIBER !== 'pocketsphinx') {
      const server = await spawnEar(setup('ear'), options.earPort, options.earEnv);
      ({ url: transcriberUrl, health: earHealth, apiKey: earApiKey, proc: ear } = server);
    }

    const mongoUri = mongodbUri;
    const tAddress = temporalAddress;
    await Promise.all([
      waitUntil(`Temporal (${tAddress})`, temporal, timeoutMs, () => temporalAnswers(tAddress)),
      waitUntil(`MongoDB (${mongoUri})`, ferret, timeoutMs, () => mongoAnswers(mongoUri)),
      ...(ear && earHealth ? [waitUntil(`the ear (${earHealth})`, ear, timeoutMs, () => httpOk(earHealth))] : []),
    ]);

    let modelEnv: Record<string, string> = {};
    let modelUnavailable: string | undefined;
    const embeddedModel = options.model ? wantedEmbeddedModel(options.env ?? {}, external) : null;
    if (embeddedModel) {
      try {
        const server = await startModelServer({
          ...(options.modelPort ? { port: options.modelPort } : {}),
          model: embeddedModel,
          logFile: join(logDir, 'model.log'),
          pidFile: join(pidDir, 'model.pid'),
          toolsDir,
          echo: echoes('model'),
          readyTimeoutMs: timeoutMs,
          stopGraceMs: graceMs,
        });
        track(server.proc, server.restart);
        modelEnv = server.env;
      } catch (error) {
        if (!options.modelOptional) throw error;
        // The signal half runs without a model: chat says why instead of the stack not starting.
        modelUnavailable = (error as Error).message.split('\n')[0] ?? String(error);
        modelEnv = { MODEL_BASE_URL: 'off', HOLDLINE_MODEL_UNAVAILABLE: `${modelUnavailable} (${MODEL_FIX_HINT})` };
      }
    }

    const scratchDir = join(dataDir, 'scratch');
    mkdirSync(scratchDir, { recursive: true });
    const stackEnv = cleanEnv({
      ...options.env,
      ...modelEnv,
      MONGODB_URI: mongoUri,
      TEMPORAL_ADDRESS: tAddress,
      HOLDLINE_SCRATCH_DIR: scratchDir,
      // Media beside the stack's other data (an S3 store named in options.env wins).
      HOLDLINE_MEDIA_DIR: options.env?.HOLDLINE_MEDIA_DIR ?? join(dataDir, 'media'),
      // FerretDB started here: API and workers may add its missing `_id` index (store/ferret-sqlite.ts).
      HOLDLINE_FERRETDB_SQLITE_DIR: external.MONGODB_URI ? options.env?.HOLDLINE_FERRETDB_SQLITE_DIR : join(dataDir, 'ferretdb'),
      HOLDLINE_TASK_QUEUE_PREFIX: options.taskQueuePrefix ?? options.env?.HOLDLINE_TASK_QUEUE_PREFIX ?? 'holdline',
      ...(ear ? { HOLDLINE_TRANSCRIBER_URL: transcriberUrl, HOLDLINE_TRANSCRIBER_MODEL: EAR_MODEL, HOLDLINE_TRANSCRIBER_API_KEY: earApiKey } : {}),
    });

    let workerCount = 0;
    const startStackWorker = async (extraEnv: Env = {}, workerOptions: WorkerOptions = {}) => {
      workerCount += 1;
      // This worker's number, fixed now: its restarts keep its log and pid file, not the last-started worker's.
      const n = workerCount;
      const start = () =>
        startWorker(
          { ...stackEnv, ...extraEnv },
          {
            logFile: join(logDir, n === 1 ? 'worker.log' : `worker-${n}.log`),
            pidFile: join(pidDir, `worker-${n}.pid`),
            echo: echoes('worker'),
            readyTimeoutMs: timeoutMs,
            ...workerOptions,
          },
        );
      return track(await start(), start);
    };

    if (options.worker) await startStackWorker();

    let apiUrl: string | undefined;
    if (options.api) {
      const port = await portOrFree(options.apiPort);
      if (await canConnect(port)) throw new StackError(`port ${port} (API) is already in use`);
      const start = async () => {
        // A restart must not find a previous API still on the port: its /readyz would answer for the new one.
        for (let i = 0; i < 40 && (await canConnect(port)); i++) await sleep(250);
        if (await canConnect(port)) throw new StackError(`port ${port} (API) is still in use`);
        return startApi(
          cleanEnv({ ...process.env, ...stackEnv, PORT: String(port), HOST: stackEnv.HOST ?? '127.0.0.1' }),
          { logDir, pidDir },
          echoes('api'),
          timeoutMs,
        );
      };
      track(await start(), start);
      apiUrl = `http://127.0.0.1:${port}`;
    }

    return {
      mongodbUri: mongoUri,
      temporalAddress: tAddress,
      temporalUiUrl,
      apiUrl,
      transcriberUrl,
      transcriberApiKey: earApiKey,
      modelUnavailable,
      dataDir,
      env: stackEnv,
      processes: parts.processes,
      startWorker: startStackWorker,
      restart: (proc: ManagedProcess) => parts.restart(proc),
      get stopped() {
        return parts.stopped;
      },
      isCurrent: (proc: ManagedProcess) => parts.isCurrent(proc),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
