// The production layout of docker-compose.yml rehearsed on loopback from packages, no
// Docker: PostgreSQL (a private cluster), Temporal's schema tool and server 1.29.1 on it,
// the Temporal Web UI 2.42.1, FerretDB 1.24.2 on PostgreSQL (standing in for mongo:7),
// MinIO, then through `startStack` the ear, the model server and two workers, and here
// two API processes behind HAProxy. Every long-running part is a child of this process
// under the stack's supervision (StackParts), so `superviseStack` restarts any of them
// and one `stop()` ends all. scripts/install-rehearsal.sh installs what it runs;
// scripts/rehearse.ts is `npm run rehearse`.

import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { REPO_ROOT } from './repo-root';
import { startApi } from './stack/api';
import { cleanEnv, withoutPrefix, type Env } from './stack/env';
import { mongoAnswers } from './stack/ferretdb';
import { endOrphans } from './stack/orphans';
import { StackParts } from './stack/parts';
import { canConnect, freePort, portOrFree } from './stack/ports';
import { spawnManaged, type ManagedProcess } from './stack/processes';
import { httpOk, waitOrStop, waitUntil } from './stack/readiness';
import { StackError } from './stack/stack-error';
import { startStack, type Stack, type StackPart } from './stack/start';
import { temporalAnswers } from './stack/temporal';

/** Each 0 or absent: a free port (the fault suite's way; `npm run rehearse` passes its defaults). */
export interface RehearsalPorts {
  /** HAProxy's frontend (PORT). */
  proxy?: number;
  /** Temporal's frontend (TEMPORAL_PORT). */
  temporal?: number;
  /** The Temporal Web UI (TEMPORAL_UI_PORT). */
  temporalUi?: number;
  /** FerretDB (MONGO_PORT). */
  mongo?: number;
  ear?: number;
  model?: number;
  postgres?: number;
  minio?: number;
}

export interface RehearsalOptions {
  /** Data, logs and pid files. Kept between runs (the PostgreSQL cluster, MinIO's objects). */
  dataDir: string;
  ports: RehearsalPorts;
  /** The environment compose's `${VAR:-default}`s are read from. Default `process.env`. */
  env?: Env;
  /** Parts whose output is also shown on this process's stdout/stderr. */
  echo?: StackPart[];
  readyTimeoutMs?: number;
  /** Say what is being started. */
  log?: (line: string) => void;
  /**
   * Parts `npm run rehearse` runs that a caller may leave out (all default true): the fault
   * suite runs without the model server and the Web UI, which it never uses, to leave the
   * 2 cores to the parts it kills.
   */
  model?: boolean;
  temporalUi?: boolean;
  ear?: boolean;
  /** HOLDLINE_EAR_* settings for the ear, over those of `env` (the fault suite hears every chunk afresh). */
  earEnv?: Env;
  /** Extra environment for the API processes and workers, over compose's (the fault suite's settings). */
  appEnv?: Env;
}

/** The two kinds of instance the layout runs several of. */
export type InstanceKind = 'api' | 'worker';

export interface Rehearsal {
  stack: Stack;
  proxyUrl: string;
  apiUrls: string[];
  proxyStatsUrl: string;
  postgresAddress: string;
  postgresVersion: string;
  temporalAddress: string;
  /** Absent when the Web UI was left out. */
  temporalUiUrl: string | undefined;
  mongodbUri: string;
  s3Endpoint: string;
  minioConsoleUrl: string;
  /** Seconds from the start of `startRehearsal` until each part was ready. */
  readySec: Record<string, number>;
  /** How many API processes and workers run (2 each). */
  instances: Record<InstanceKind, number>;
  /**
   * The running process of a part (`postgresql`, `temporal`, `ferretdb`, `minio`, `ear`,
   * `haproxy`, …) or of instance `n` (1-based) of the APIs or workers, as the supervisor
   * last started it: what a fault is injected into.
   */
  current(part: string, n?: number): ManagedProcess;
  /** Runs SQL as PostgreSQL's superuser (psql, unaligned tuples); its output. */
  postgresSql(sql: string): Promise<string>;
  /** Stops every part (the stack's stop). */
  stop(): Promise<void>;
}

const TOOLS = join(REPO_ROOT, '.tools');
const SERVER_DIR = join(TOOLS, 'rehearsal', 'temporal-server');
const UI_DIR = join(TOOLS, 'rehearsal', 'temporal-ui');

/** The PostgreSQL binaries of the newest major version Debian installed (HOLDLINE_PG_BIN overrides). */
export function postgresBinDir(env: Env = process.env): string {
  if (env.HOLDLINE_PG_BIN) return env.HOLDLINE_PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'postgres')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new StackError('no PostgreSQL server under /usr/lib/postgresql: run scripts/install-rehearsal.sh');
  return join(root, versions[0]!, 'bin');
}

function run(command: string, args: string[], options: { env?: Env; input?: string; logFile: string }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(command, args, { env: cleanEnv(options.env ?? process.env), maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      writeFileSync(options.logFile, `\n$ ${command} ${args.join(' ')}\n${stdout}${stderr}`, { flag: 'a' });
      if (error) reject(new StackError(`${command} ${args.join(' ')} failed: ${(stderr || stdout || error.message).trim().slice(0, 2000)}`));
      else resolve(stdout);
    });
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}

/** Root runs PostgreSQL as the `postgres` user (it refuses root); anyone else as themselves. */
function asPostgres(command: string, args: string[]): { command: string; args: string[] } {
  return process.getuid?.() === 0 ? { command: 'runuser', args: ['-u', 'postgres', '--', command, ...args] } : { command, args };
}

function postgresUid(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new StackError('no postgres user: install the postgresql package (scripts/install-rehearsal.sh)');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Compose's `${VAR:-default}`: the environment's value unless unset or empty. */
const orDefault = (env: Env, name: string, fallback: string) => (env[name] ? env[name]! : fallback);

export async function startRehearsal(options: RehearsalOptions): Promise<Rehearsal> {
  const env = options.env ?? process.env;
  const log = options.log ?? (() => undefined);
  const echo = (part: string) => (options.echo ?? []).includes(part as StackPart);
  const timeoutMs = options.readyTimeoutMs ?? 180_000;
  const graceMs = 10_000;
  const dataDir = options.dataDir;
  const logDir = join(dataDir, 'logs');
  // The servers' pid files live apart from the stack's (`pids/`), which startStack clears of orphans.
  const serverPidDir = join(dataDir, 'server-pids');
  mkdirSync(logDir, { recursive: true });
  await endOrphans(serverPidDir, dataDir);
  const parts = new StackParts(graceMs);
  const t0 = Date.now();
  const readySec: Record<string, number> = {};
  const ready = (part: string) => {
    readySec[part] = Math.round((Date.now() - t0) / 100) / 10;
    log(`${part} ready after ${readySec[part]} s`);
  };

  for (const [name, port] of [
    ['PORT (HAProxy)', options.ports.proxy],
    ['TEMPORAL_PORT', options.ports.temporal],
    ['TEMPORAL_UI_PORT', options.ports.temporalUi],
    ['MONGO_PORT (FerretDB)', options.ports.mongo],
  ] as const) {
    if (port && (await canConnect(port))) throw new StackError(`port ${port} (${name}) is already in use: set ${name.split(' ')[0]} to move it`);
  }
  const ports = {
    proxy: await portOrFree(options.ports.proxy),
    temporal: await portOrFree(options.ports.temporal),
    temporalUi: await portOrFree(options.ports.temporalUi),
    mongo: await portOrFree(options.ports.mongo),
  };

  try {
    // --- PostgreSQL: a private cluster in the data directory --------------------------
    const pgBin = postgresBinDir(env);
    const pgPort = await portOrFree(options.ports.postgres);
    const pgDir = join(dataDir, 'postgresql');
    const pgData = join(pgDir, 'data');
    const owner = postgresUid();
    mkdirSync(pgDir, { recursive: true });
    if (owner) {
      chownSync(pgDir, owner.uid, owner.gid);
      // The postgres user must pass through the data directory to reach its own: a scratch one from mkdtemp is 0700 (initdb then
      // cannot read its password file, as the fault suite's first run found).
      chmodSync(dataDir, statSync(dataDir).mode | 0o111);
    }
    const superPasswordFile = join(dataDir, 'postgresql-superuser-password');
    if (!existsSync(join(pgData, 'PG_VERSION'))) {
      log(`initialising a PostgreSQL cluster in ${pgData}`);
      const password = randomBytes(18).toString('base64url');
      const pwFile = join(pgDir, 'initdb-password');
      writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
      if (owner) chownSync(pwFile, owner.uid, owner.gid);
      const initdb = asPostgres(join(pgBin, 'initdb'), [
        '-D',
        pgData,
        '-U',
        'postgres',
        `--pwfile=${pwFile}`,
        '--auth-local=peer',
        '--auth-host=scram-sha-256',
        '-E',
        'UTF8',
        '--locale=C.UTF-8',
      ]);
      try {
        await run(initdb.command, initdb.args, { logFile: join(logDir, 'postgresql-init.log') });
      } finally {
        writeFileSync(pwFile, '');
      }
      writeFileSync(superPasswordFile, password, { mode: 0o600 });
    }
    const superPassword = readFileSync(superPasswordFile, 'utf8').trim();
    const postgresVersion = readFileSync(join(pgData, 'PG_VERSION'), 'utf8').trim();
    const pgCommand = asPostgres(join(pgBin, 'postgres'), [
      '-D',
      pgData,
      '-p',
      String(pgPort),
      '-c',
      'listen_addresses=127.0.0.1',
      // TCP only: no socket file to place or clean up.
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
    ]);
    const pgEnv = { ...withoutPrefix(process.env, 'PG'), PGPASSWORD: superPassword };
    const pgReady = async () => {
      await run(join(pgBin, 'psql'), ['-h', '127.0.0.1', '-p', String(pgPort), '-U', 'postgres', '-d', 'postgres', '-Atc', 'select 1'], {
        env: pgEnv,
        logFile: join(logDir, 'postgresql-ready.log'),
      });
      return true;
    };
    const spawnPostgres = () =>
      spawnManaged({
        name: 'postgresql',
        command: pgCommand.command,
        args: pgCommand.args,
        env: withoutPrefix(process.env, 'PG'),
        logFile: join(logDir, 'postgresql.log'),
        echo: echo('postgresql'),
        pidFile: join(serverPidDir, 'postgresql.pid'),
        defaultGraceMs: graceMs,
      });
    const pgName = `PostgreSQL (127.0.0.1:${pgPort})`;
    const postgres = parts.track(spawnPostgres(), async () => {
      const proc = spawnPostgres();
      await waitOrStop(pgName, proc, timeoutMs, pgReady);
      return proc;
    });
    await waitUntil(pgName, postgres, timeoutMs, pgReady);
    ready('postgresql');

    // Roles and databases, idempotently: Temporal's (compose's POSTGRES_USER) and FerretDB's.
    const temporalDbPassword = orDefault(env, 'TEMPORAL_DB_PASSWORD', 'temporal');
    const ferretPassword = 'ferret';
    const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
    await run(join(pgBin, 'psql'), ['-h', '127.0.0.1', '-p', String(pgPort), '-U', 'postgres', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-q', '-f', '-'], {
      env: pgEnv,
      logFile: join(logDir, 'postgresql-init.log'),
      input: [
        `SELECT 'CREATE ROLE temporal LOGIN CREATEDB' WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'temporal') \\gexec`,
        `ALTER ROLE temporal PASSWORD ${quote(temporalDbPassword)};`,
        `SELECT 'CREATE ROLE ferret LOGIN' WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'ferret') \\gexec`,
        `ALTER ROLE ferret PASSWORD ${quote(ferretPassword)};`,
        `SELECT 'CREATE DATABASE ferretdb OWNER ferret' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'ferretdb') \\gexec`,
        '',
      ].join('\n'),
    });

    // --- Temporal's schema: what compose's temporal-schema service runs -----------------
    const sqlTool = join(TOOLS, 'bin', 'temporal-sql-tool');
    for (const path of [sqlTool, join(TOOLS, 'bin', 'temporal-server'), SERVER_DIR]) {
      if (!existsSync(path)) throw new StackError(`${path} is missing: run scripts/install-rehearsal.sh`);
    }
    const schemaLog = join(logDir, 'temporal-schema.log');
    const tool = ['--plugin', 'postgres12', '--ep', '127.0.0.1', '-p', String(pgPort), '-u', 'temporal'];
    const toolEnv = { ...withoutPrefix(process.env, 'SQL_'), SQL_PASSWORD: temporalDbPassword };
    const schema = join(SERVER_DIR, 'schema', 'postgresql', 'v12');
    await Promise.all(
      ['temporal', 'temporal_visibility'].map(async (db) => {
        // As compose: both fail harmlessly once the database and its base schema exist.
        await run(sqlTool, [...tool, '--db', db, 'create'], { env: toolEnv, logFile: schemaLog }).catch(() => undefined);
        await run(sqlTool, [...tool, '--db', db, 'setup-schema', '-v', '0.0'], { env: toolEnv, logFile: schemaLog }).catch(() => undefined);
        const versioned = join(schema, db === 'temporal' ? 'temporal' : 'visibility', 'versioned');
        await run(sqlTool, [...tool, '--db', db, 'update-schema', '-d', versioned], { env: toolEnv, logFile: schemaLog });
      }),
    );
    ready('temporal-schema');

    // --- The Temporal server on PostgreSQL ------------------------------------------------
    const temporalRoot = join(dataDir, 'temporal');
    const temporalAddress = `127.0.0.1:${ports.temporal}`;
    mkdirSync(join(temporalRoot, 'config', 'dynamicconfig'), { recursive: true });
    // compose mounts deploy/temporal-dynamicconfig.yaml at this path.
    copyFileSync(join(REPO_ROOT, 'deploy', 'temporal-dynamicconfig.yaml'), join(temporalRoot, 'config', 'dynamicconfig', 'holdline.yaml'));
    writeFileSync(
      join(temporalRoot, 'config', 'rehearsal.yaml'),
      stringify(
        await temporalServerConfig({
          template: readFileSync(join(SERVER_DIR, 'config', 'development-postgres12.yaml'), 'utf8'),
          frontendPort: ports.temporal,
          postgres: `127.0.0.1:${pgPort}`,
          password: temporalDbPassword,
          dynamicConfig: join(temporalRoot, 'config', 'dynamicconfig', 'holdline.yaml'),
        }),
      ),
    );
    const spawnTemporal = () =>
      spawnManaged({
        name: 'temporal',
        command: join(TOOLS, 'bin', 'temporal-server'),
        args: ['--root', temporalRoot, '--config', 'config', '--env', 'rehearsal', '--allow-no-auth', 'start'],
        env: withoutPrefix(process.env, 'TEMPORAL_'),
        logFile: join(logDir, 'temporal.log'),
        echo: echo('temporal'),
        pidFile: join(serverPidDir, 'temporal.pid'),
        defaultGraceMs: graceMs,
      });
    const namespaceLog = join(logDir, 'temporal-namespace.log');
    const cli = join(TOOLS, 'bin', 'temporal');
    // As compose's temporal-namespace service: the `default` namespace, 30 days of retention.
    const ensureNamespace = async () => {
      const args = ['--address', temporalAddress, '--namespace', 'default'];
      const cliEnv = withoutPrefix(process.env, 'TEMPORAL_');
      try {
        await run(cli, ['operator', 'namespace', 'describe', ...args], { env: cliEnv, logFile: namespaceLog });
      } catch {
        await run(cli, ['operator', 'namespace', 'create', ...args, '--retention', '30d'], { env: cliEnv, logFile: namespaceLog });
      }
    };
    const temporalName = `Temporal server (${temporalAddress})`;
    const temporalReady = async () => {
      await ensureNamespace();
      return temporalAnswers(temporalAddress);
    };
    const temporal = parts.track(spawnTemporal(), async () => {
      const proc = spawnTemporal();
      await waitOrStop(temporalName, proc, timeoutMs, temporalReady);
      return proc;
    });

    // --- FerretDB on PostgreSQL (stands in for mongo:7), started while Temporal boots ----
    const mongodbUri = `mongodb://127.0.0.1:${ports.mongo}/holdline`;
    const ferretDir = join(dataDir, 'ferretdb');
    mkdirSync(ferretDir, { recursive: true });
    const spawnFerret = () =>
      spawnManaged({
        name: 'ferretdb',
        command: join(TOOLS, 'bin', 'ferretdb'),
        args: [
          '--handler=postgresql',
          `--postgresql-url=postgres://ferret:${ferretPassword}@127.0.0.1:${pgPort}/ferretdb`,
          `--listen-addr=127.0.0.1:${ports.mongo}`,
          '--telemetry=disable',
          `--state-dir=${ferretDir}`,
          // Its debug listener defaults to 127.0.0.1:8088, the model server's port.
          '--debug-addr=-',
          '--log-level=warn',
        ],
        env: withoutPrefix(process.env, 'FERRETDB_'),
        logFile: join(logDir, 'ferretdb.log'),
        echo: echo('ferretdb'),
        pidFile: join(serverPidDir, 'ferretdb.pid'),
        defaultGraceMs: graceMs,
      });
    const ferretName = `FerretDB (${mongodbUri})`;
    const ferret = parts.track(spawnFerret(), async () => {
      const proc = spawnFerret();
      await waitOrStop(ferretName, proc, timeoutMs, () => mongoAnswers(mongodbUri));
      return proc;
    });

    // --- MinIO: compose's minio service, its root user the media store's key ---------------
    const s3Port = await portOrFree(options.ports.minio);
    const consolePort = await freePort();
    const s3Endpoint = `http://127.0.0.1:${s3Port}`;
    const accessKey = orDefault(env, 'HOLDLINE_S3_ACCESS_KEY_ID', 'holdline');
    const secretKey = orDefault(env, 'HOLDLINE_S3_SECRET_ACCESS_KEY', 'change-me-holdline-secret');
    const minioDir = join(dataDir, 'minio');
    mkdirSync(minioDir, { recursive: true });
    const spawnMinio = () =>
      spawnManaged({
        name: 'minio',
        command: join(TOOLS, 'bin', 'minio'),
        args: ['server', minioDir, '--quiet', '--address', `127.0.0.1:${s3Port}`, '--console-address', `127.0.0.1:${consolePort}`],
        env: { ...withoutPrefix(process.env, 'MINIO_'), MINIO_ROOT_USER: accessKey, MINIO_ROOT_PASSWORD: secretKey, MINIO_UPDATE: 'off' },
        logFile: join(logDir, 'minio.log'),
        echo: echo('minio'),
        pidFile: join(serverPidDir, 'minio.pid'),
        defaultGraceMs: graceMs,
      });
    const minioHealth = `${s3Endpoint}/minio/health/live`;
    const minio = parts.track(spawnMinio(), async () => {
      const proc = spawnMinio();
      await waitOrStop(`MinIO (${s3Endpoint})`, proc, timeoutMs, () => httpOk(minioHealth));
      return proc;
    });

    await Promise.all([
      waitUntil(temporalName, temporal, timeoutMs, temporalReady).then(() => ready('temporal')),
      waitUntil(ferretName, ferret, timeoutMs, () => mongoAnswers(mongodbUri)).then(() => ready('ferretdb')),
      waitUntil(`MinIO (${s3Endpoint})`, minio, timeoutMs, () => httpOk(minioHealth)).then(() => ready('minio')),
    ]);

    // --- The Temporal Web UI: compose's temporal-ui, read-only, on loopback ---------------
    const uiUrl = `http://127.0.0.1:${ports.temporalUi}`;
    if (options.temporalUi ?? true) {
      const uiRoot = join(dataDir, 'temporal-ui');
      mkdirSync(uiRoot, { recursive: true });
      cpSync(join(UI_DIR, 'config'), join(uiRoot, 'config'), { recursive: true });
      // The image's template (docker.yaml) binds every interface; the rehearsal binds loopback.
      writeFileSync(join(uiRoot, 'config', 'docker.yaml'), `${readFileSync(join(UI_DIR, 'config', 'docker.yaml'), 'utf8')}\nhost: 127.0.0.1\n`);
      const spawnUi = () =>
        spawnManaged({
          name: 'temporal-ui',
          command: join(TOOLS, 'bin', 'temporal-ui-server'),
          args: ['--root', uiRoot, '--config', 'config', '--env', 'docker', 'start'],
          env: {
            ...withoutPrefix(process.env, 'TEMPORAL_'),
            // compose's temporal-ui environment
            TEMPORAL_ADDRESS: temporalAddress,
            TEMPORAL_CORS_ORIGINS: `http://localhost:${ports.temporalUi}`,
            TEMPORAL_DISABLE_WRITE_ACTIONS: 'true',
            TEMPORAL_UI_PORT: String(ports.temporalUi),
          },
          logFile: join(logDir, 'temporal-ui.log'),
          echo: echo('temporal-ui'),
          pidFile: join(serverPidDir, 'temporal-ui.pid'),
          defaultGraceMs: graceMs,
        });
      const uiName = `Temporal UI (${uiUrl})`;
      const ui = parts.track(spawnUi(), async () => {
        const proc = spawnUi();
        await waitOrStop(uiName, proc, timeoutMs, () => httpOk(uiUrl));
        return proc;
      });
      await waitUntil(uiName, ui, timeoutMs, () => httpOk(uiUrl));
      ready('temporal-ui');
    }

    // --- The ear, the model server and two workers: the stack of `npm run up` ------------
    // compose's x-holdline-env, its service names replaced by loopback addresses.
    const composeEnv: Env = {
      NODE_ENV: 'production',
      TEMPORAL_NAMESPACE: 'default',
      HOLDLINE_TASK_QUEUE_PREFIX: 'holdline',
      HOLDLINE_MEDIA_STORE: 's3',
      HOLDLINE_S3_ENDPOINT: s3Endpoint,
      HOLDLINE_S3_BUCKET: orDefault(env, 'HOLDLINE_S3_BUCKET', 'holdline'),
      HOLDLINE_S3_REGION: orDefault(env, 'HOLDLINE_S3_REGION', 'us-east-1'),
      HOLDLINE_S3_ACCESS_KEY_ID: accessKey,
      HOLDLINE_S3_SECRET_ACCESS_KEY: secretKey,
      ...(env.MODEL_BASE_URL ? { MODEL_BASE_URL: env.MODEL_BASE_URL, MODEL_API_KEY: env.MODEL_API_KEY, MODEL_BASE_NAME: env.MODEL_BASE_NAME } : {}),
    };
    const stack = await startStack({
      dataDir,
      parts,
      externalEnv: { ...env, TEMPORAL_ADDRESS: temporalAddress, MONGODB_URI: mongodbUri, TEMPORAL_UI_URL: (options.temporalUi ?? true) ? uiUrl : undefined },
      ear: options.ear ?? true,
      ...(options.ports.ear ? { earPort: options.ports.ear } : {}),
      ...(options.earEnv ? { earEnv: options.earEnv } : {}),
      model: options.model ?? true,
      modelOptional: true,
      ...(options.ports.model ? { modelPort: options.ports.model } : {}),
      worker: false,
      api: false,
      env: { ...env, ...composeEnv, ...options.appEnv },
      echo: options.echo ?? [],
      readyTimeoutMs: timeoutMs,
      stopGraceMs: graceMs,
      handleSignals: false,
    });
    ready('ear and model');
    // Compose gives each worker container its own scratch directory and metrics port.
    // Both workers are named `worker`; each keeps its log file across restarts, which tells them apart.
    const workerLogs: string[] = [];
    for (const n of [1, 2]) {
      const worker = await stack.startWorker({
        HOLDLINE_SCRATCH_DIR: join(dataDir, `scratch-${n}`),
        HOLDLINE_WORKER_METRICS_ADDRESS: `127.0.0.1:${await freePort()}`,
      });
      workerLogs.push(worker.logFile);
      ready(`worker ${n}`);
    }

    // --- Two API processes ----------------------------------------------------------------
    const pidDir = join(dataDir, 'pids');
    const apiPorts = [await freePort(), await freePort()];
    await Promise.all(
      apiPorts.map(async (port, i) => {
        const name = `api-${i + 1}`;
        // Behind the proxy: throttles count the client from X-Forwarded-For.
        const apiEnv = cleanEnv({ ...process.env, ...stack.env, PORT: String(port), HOST: '127.0.0.1', HOLDLINE_TRUST_PROXY: '1' });
        const start = async () => {
          for (let k = 0; k < 40 && (await canConnect(port)); k++) await new Promise((r) => setTimeout(r, 250));
          return startApi(apiEnv, { logDir, pidDir, name }, echo('api'), timeoutMs);
        };
        parts.track(await start(), start);
        ready(name);
      }),
    );

    // --- HAProxy in front of both --------------------------------------------------------
    const statsPort = await freePort();
    const haproxyConfig = join(dataDir, 'haproxy.cfg');
    writeFileSync(haproxyConfig, haproxyConfigText({ bind: `127.0.0.1:${ports.proxy}`, stats: `127.0.0.1:${statsPort}`, servers: apiPorts }));
    const haproxy = haproxyBinary();
    await run(haproxy, ['-c', '-q', '-f', haproxyConfig], { logFile: join(logDir, 'haproxy.log') });
    const proxyUrl = `http://127.0.0.1:${ports.proxy}`;
    const spawnProxy = () =>
      spawnManaged({
        name: 'haproxy',
        command: haproxy,
        args: ['-W', '-db', '-f', haproxyConfig],
        env: process.env,
        logFile: join(logDir, 'haproxy.log'),
        echo: echo('haproxy'),
        pidFile: join(serverPidDir, 'haproxy.pid'),
        defaultGraceMs: graceMs,
      });
    const proxyReady = () => httpOk(`${proxyUrl}/readyz`);
    const proxy = parts.track(spawnProxy(), async () => {
      const proc = spawnProxy();
      await waitOrStop(`HAProxy (${proxyUrl})`, proc, timeoutMs, proxyReady);
      return proc;
    });
    await waitUntil(`HAProxy (${proxyUrl})`, proxy, timeoutMs, proxyReady);
    ready('haproxy');

    return {
      stack,
      proxyUrl,
      apiUrls: apiPorts.map((p) => `http://127.0.0.1:${p}`),
      proxyStatsUrl: `http://127.0.0.1:${statsPort}/stats`,
      postgresAddress: `127.0.0.1:${pgPort}`,
      postgresVersion,
      temporalAddress,
      temporalUiUrl: (options.temporalUi ?? true) ? uiUrl : undefined,
      mongodbUri,
      s3Endpoint,
      minioConsoleUrl: `http://127.0.0.1:${consolePort}`,
      readySec,
      instances: { api: apiPorts.length, worker: workerLogs.length },
      current(part: string, n?: number) {
        const matches = (p: ManagedProcess) =>
          part === 'worker' && n !== undefined
            ? p.name === 'worker' && p.logFile === workerLogs[n - 1]
            : p.name === (part === 'api' && n !== undefined ? `api-${n}` : part);
        const proc = stack.processes.find((p) => matches(p) && stack.isCurrent(p));
        if (!proc) throw new StackError(`no running ${part}${n === undefined ? '' : ` ${n}`}`);
        return proc;
      },
      postgresSql: (sql: string) =>
        run(join(pgBin, 'psql'), ['-h', '127.0.0.1', '-p', String(pgPort), '-U', 'postgres', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-Atc', sql], {
          env: pgEnv,
          logFile: join(logDir, 'postgresql-sql.log'),
        }),
      stop: () => stack.stop(),
    };
  } catch (error) {
    await parts.stop();
    throw error;
  }
}

/** A free loopback TCP port below 32768 (where the kernel's ephemeral range does not reach). */
async function freeLowPort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen({ host: '127.0.0.1', port, exclusive: true }, () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new StackError('no free TCP port below 32768');
}

function haproxyBinary(): string {
  for (const path of ['/usr/sbin/haproxy', '/usr/bin/haproxy']) if (existsSync(path)) return path;
  try {
    return execFileSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).trim();
  } catch {
    throw new StackError('haproxy is not installed: run scripts/install-rehearsal.sh');
  }
}

/**
 * The Temporal server's config: the module's development-postgres12.yaml with
 * PostgreSQL's address and password, the frontend on `frontendPort` and every other
 * listener (history, matching, worker, membership, HTTP) on a free loopback port, so
 * the rehearsal runs beside `npm run up` and the test stacks. pprof and the metrics
 * listener are off. Archival stays as the template has it (its providers configured,
 * off per namespace): turning its top-level state off while providers are configured
 * fails the server's config validation.
 */
export async function temporalServerConfig(options: {
  template: string;
  frontendPort: number;
  postgres: string;
  password: string;
  /** The dynamic config file, absolute. */
  dynamicConfig: string;
}): Promise<Record<string, unknown>> {
  const config = parse(options.template) as {
    persistence: { datastores: Record<string, { sql: Record<string, unknown> }> };
    global: Record<string, unknown> & { pprof?: { port: number } };
    services: Record<string, { rpc: Record<string, unknown> }>;
    clusterMetadata: { clusterInformation: Record<string, { rpcAddress: string }> };
    dynamicConfigClient: { filepath: string };
    log: { level: string };
  };
  for (const store of Object.values(config.persistence.datastores)) {
    store.sql.connectAddr = options.postgres;
    store.sql.password = options.password;
  }
  config.global.pprof = { port: 0 };
  delete config.global.metrics;
  for (const [name, service] of Object.entries(config.services)) {
    service.rpc.grpcPort = name === 'frontend' ? options.frontendPort : await freePort();
    // Temporal stores membership ports in a smallint column (cluster_membership.rpc_port): below 32768.
    service.rpc.membershipPort = await freeLowPort();
    if ('httpPort' in service.rpc) service.rpc.httpPort = await freePort();
  }
  for (const cluster of Object.values(config.clusterMetadata.clusterInformation)) cluster.rpcAddress = `127.0.0.1:${options.frontendPort}`;
  // Read relative to the server's working directory, not --root: absolute.
  config.dynamicConfigClient.filepath = options.dynamicConfig;
  config.log.level = 'warn';
  return config;
}

/**
 * HAProxy in front of the API processes: least connections, a `/readyz` check every
 * 2 s, and a request whose connection failed (the instance was killed) sent again
 * to the other (`retry-on conn-failure empty-response`, `option redispatch`). An
 * empty response retried may be a POST the killed instance had received: scan
 * submission carries an Idempotency-Key for that. Long timeouts for uploads and
 * chat streams.
 */
export function haproxyConfigText(options: { bind: string; stats: string; servers: number[] }): string {
  return `# Written by tooling/rehearsal.ts for \`npm run rehearse\`.
global
    maxconn 2000
    log stdout format raw local0 notice

defaults
    mode http
    log global
    option httplog
    option forwardfor
    timeout connect 2s
    timeout client  120s
    timeout server  120s
    # chat completions stream as server-sent events
    timeout tunnel  600s

frontend holdline
    bind ${options.bind}
    # the API's own upload limit answers 413; the proxy does not cut bodies short
    default_backend api

backend api
    balance leastconn
    option redispatch
    retries 2
    retry-on conn-failure empty-response
    option httpchk GET /readyz
    http-check expect status 200
    default-server inter 2s fall 3 rise 2
${options.servers.map((port, i) => `    server api${i + 1} 127.0.0.1:${port} check`).join('\n')}

frontend stats
    bind ${options.stats}
    stats enable
    stats uri /stats
`;
}
