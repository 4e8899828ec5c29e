// Configuration is read once at start from the environment into a typed object;
// every bad variable is reported together so an operator fixes them in one go.

import { LIMITS, type PlanId } from '../core/plans';
import { MAX_RETENTION_DAYS } from '../core/retention';
import { DEFAULT_MEDIA_LIMITS, MAX_CONFIGURABLE_DURATION_SEC } from '../core/media-limits';
import { DEFAULT_WEBHOOK_RETRY_SECONDS, deliverySchedule, parseRetrySchedule } from '../core/webhook';
import { parseAllowEntry } from '../net/public-address';

export interface HoldlineConfig {
  /** API listen port (default 8080) and host (default 127.0.0.1). */
  port: number;
  host: string;
  /**
   * The origin clients reach the API at (`HOLDLINE_PUBLIC_ORIGIN`, e.g. `https://holdline.example.com`), for the
   * absolute URLs the service writes into files (the editor timelines' media URL). Unset: this server's own
   * listen address (`http://HOST:port`), never the request's `Host` header, which the client writes.
   */
  publicOrigin: string | null;
  /** MongoDB connection string; the database name comes from its path (default `holdline`). */
  mongodbUri: string;
  /** Temporal frontend host:port (default 127.0.0.1:7233) and namespace (default `default`). */
  temporalAddress: string;
  temporalNamespace: string;
  /** Prefix of the task queues: `<prefix>-scans`, `<prefix>-chat` and `<prefix>-webhooks` (default `holdline`). */
  taskQueuePrefix: string;
  /**
   * Days a scan's media is kept before the hourly retention run removes it (the read
   * stays); an account's own setting overrides it. Default null (`HOLDLINE_MEDIA_RETENTION_DAYS`
   * unset or 0): media is kept.
   */
  mediaRetentionDays: number | null;
  /** Worker scratch directory for decoded media (default `.data/scratch`). */
  scratchDir: string;
  /** How often a worker removes scratch entries of ended scans, in ms (default 30 s; the fault suite uses 2 s). */
  scratchSweepMs: number;
  /** Largest accepted upload or download, in bytes (default 400 MB, the spec's limit). */
  uploadLimitBytes: number;
  /** Longest accepted video in seconds (default 7200; at most 10 800, for which the document bounds are computed). */
  maxDurationSec: number;
  /** Temporal SDK log level in workers (default INFO; the tests use WARN). */
  workerLogLevel: 'TRACE' | 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  /** The API's log level; at `debug` it also logs health checks, metrics scrapes and polls of work in flight. */
  logLevel: 'trace' | 'debug' | 'info' | 'warn' | 'error';
  /** Which task queues this worker process serves (default both: `scans,chat`). */
  workerQueues: ('scans' | 'chat')[];
  /** Scan activities one worker process runs at once (default 2, about one per core). */
  scanConcurrency: number;
  /** Niceness of the media tools (ffmpeg, ffprobe, pocketsphinx) a worker starts (default 10; 0 keeps the worker's own). */
  mediaToolNiceness: number;
  /** `host:port` (or `host:*`) entries exempt from the public-address rule (tests serve from loopback). */
  allowHosts: string[];
  /** Upstream OpenAI-compatible model server; null when MODEL_BASE_URL is `off` (no model: chat answers 503 model_unavailable). */
  modelBaseUrl: string | null;
  /** Why no model server runs although one was wanted (HOLDLINE_MODEL_UNAVAILABLE, set by `npm run up` when the embedded one could not start). */
  modelUnavailableReason: string | null;
  modelApiKey: string;
  modelBaseName: string;
  /** Chat limits: model steps (at least 3: plan, act, check) and wall time per call. */
  chatMaxSteps: number;
  chatTimeLimitMs: number;
  /**
   * The chat workflow's task timeout (HOLDLINE_CHAT_TASK_TIMEOUT_MS, default 6 s). Model steps run as local
   * activities inside one workflow task that the worker renews at ~80% of it: a cancel is seen, and a dead
   * worker's step moves elsewhere, within about this long. Too short on a busy machine and the renewal comes
   * late, the server drops the task and the step starts again from nothing; past 6 s every renewal
   * (at ~80%, over 5 s) logs the SDK's warning TMPRL1104 "Workflow task duration exceeded 5 seconds".
   */
  chatTaskTimeoutMs: number;
  /** Model ids offered by `GET /v1/models`, each with its base model; always contains `holdline`. */
  chatModels: Record<string, string>;
  /** Chat calls running at once over the whole service before new ones get 429 `rate_limit` (default 32). */
  chatMaxRunning: number;
  /** Chat activities one worker process runs at once (default 16; model steps mostly wait on the network). */
  chatConcurrency: number;
  /** MB all `run` sandbox children of one worker process may hold together (default 2048; each reserves its isolate heap + 320 MB). */
  sandboxMemoryMb: number;
  /** Webhook delivery attempts one worker process runs at once, on the webhooks queue beside chat (default 8). */
  webhookConcurrency: number;
  /** `POST /v1/webhooks/test` attempts one worker process runs at once, on their own queue apart from deliveries (default 2). */
  webhookTestConcurrency: number;
  /** Time allowed to one upstream model request, in ms (default 300 000). */
  modelStepTimeoutMs: number;
  /** Tokens one model step may generate (default and most 4096; the embedded model's stack sets 512). */
  modelMaxTokens: number;
  /** How long a healthy upstream check is trusted, in ms (default 5000; 0 checks on every call). */
  upstreamHealthTtlMs: number;
  /** Idle time before a chat response gets a keep-alive (SSE comment or a space), in ms (default 10 000). */
  chatKeepAliveMs: number;
  /**
   * Whether a proxy in front sets the client address: when true, `X-Forwarded-For`
   * names the client (sign-in and sign-up throttles count by it) and session cookies
   * are `Secure` (the proxy terminates TLS). Default false: the socket's address counts.
   */
  trustProxy: boolean;
  /**
   * How many proxies in front append to `X-Forwarded-For` (default 1 when trusted):
   * the client is the entry that many from the right, so a client cannot name
   * itself by sending the header. `HOLDLINE_TRUST_PROXY=2` trusts two hops.
   */
  proxyHops: number;
  /** Time a connection may sit with nothing sent either way before it is closed, in ms (default 60 000). */
  idleTimeoutMs: number;
  /** Time allowed to receive a request's headers, in ms (default 30 000). */
  headersTimeoutMs: number;
  /** Time allowed to receive a whole request with its body, in ms (default 2 h: 400 MB at 64 KiB/s fits). */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection is kept between requests, in ms (default 5000). */
  keepAliveTimeoutMs: number;
  /**
   * An upload that delivers fewer than `uploadMinBytesPerSec × uploadWindowMs / 1000` bytes in
   * any window of `uploadWindowMs` is cut off (defaults 30 000 ms and 65 536 B/s, so a stalled
   * or trickled upload holds its quota unit for about half a minute).
   */
  uploadWindowMs: number;
  uploadMinBytesPerSec: number;
  /** Accounts one client address may create per hour on the website (default 10). */
  signupsPerHour: number;
  /** Sign-in attempts (right or wrong) one client address may make per hour on the website (default 30). */
  signinsPerHour: number;
  /**
   * Password hashes (scrypt, 128 MiB and about 1/3 s each) one API process runs at once (default 2,
   * leaving libuv's other threads to file I/O), and how many more may wait (default 16) before
   * a sign-in or sign-up is answered 429.
   */
  passwordHashConcurrency: number;
  passwordHashQueue: number;
  /** Keyless reads (`/v1/demo`, `/api/library`, published media and exports) per client address per minute (default 300). */
  publicReadsPerMinute: number;
  /** Where media and decoded audio live: `fs` (a directory, the default) or `s3` (any S3-compatible service). */
  mediaStore: MediaStoreConfig;
  /** FerretDB's SQLite directory on this machine, when known: point reads get an index there (store/ferret-sqlite.ts). */
  ferretdbSqliteDir: string | undefined;
  /** Reads per minute per key on the signal interface (default 600, the spec's; raised only for the load benchmark). */
  scanReadsPerMinute: number;
  /** MiB of videos one account's archives (`GET /v1/account/export?media=1`, the account page's) may send an hour (default 20 480: 20 GiB). */
  archiveMediaMibPerHour: number;
  /**
   * Scans one account may have in flight, per plan (issue 33 item 3): queued and processing
   * scans plus submissions still being received. Past it `POST /v1/scans` answers 429
   * (defaults: Signal 3, Agents 5).
   */
  scansInFlight: Record<PlanId, number>;
  /**
   * Seconds of URL downloads one account's scans may spend in an hour (a fixed window,
   * counted by the workers as the downloads run). Spent, new URL scans answer 429 until
   * the window ends (default 1800: three downloads at the 10-minute cap).
   */
  downloadSecondsPerHour: number;
  /**
   * Speech-to-text (issue 8): `pocketsphinx` (embedded, the default) or
   * `openai` (an OpenAI-compatible transcription server at `transcriberUrl`,
   * pocketsphinx behind it when it fails). `openai` is the default when a URL is set.
   */
  transcriber: 'pocketsphinx' | 'openai';
  transcriberUrl: string | null;
  transcriberModel: string;
  transcriberApiKey: string | null;
  transcriberTimeoutMs: number;
  /** Bearer token that `GET /metrics` on the API requires (at least 16 characters); unset, the API serves no /metrics. */
  metricsToken: string | null;
  /** `host:port` where a worker process serves Temporal's SDK metrics for Prometheus (`/metrics`); unset, none. */
  workerMetricsAddress: string | null;
  /**
   * Seconds to wait before each completion-webhook attempt, the first included
   * (default Standard Webhooks' 0, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h), cut where
   * an attempt would start more than 24 h after the scan ended. Tests shorten it.
   */
  webhookRetrySeconds: number[];
}

export type MediaStoreConfig =
  | { kind: 'fs'; dir: string }
  | { kind: 's3'; endpoint: string | undefined; bucket: string; region: string; accessKeyId: string | undefined; secretAccessKey: string | undefined };

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`invalid configuration:\n- ${problems.join('\n- ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): HoldlineConfig {
  const problems: string[] = [];
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return value;
  };
  const str = (name: string, fallback: string): string => {
    const raw = env[name];
    return raw === undefined || raw === '' ? fallback : raw;
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const value = str(name, fallback);
    if ((allowed as readonly string[]).includes(value)) return value as T;
    problems.push(`${name} must be one of ${allowed.join(', ')}, got "${value}"`);
    return fallback;
  };
  const url = (name: string, fallback: string): string => {
    const value = str(name, fallback);
    try {
      new URL(value);
    } catch {
      problems.push(`${name} must be a URL, got "${value}"`);
    }
    return value;
  };

  const config: HoldlineConfig = {
    port: int('PORT', 8080, 0, 65535),
    host: str('HOST', '127.0.0.1'),
    publicOrigin: null,
    mongodbUri: url('MONGODB_URI', `mongodb://127.0.0.1:${int('MONGO_PORT', 27017, 1, 65535)}/holdline`),
    temporalAddress: str('TEMPORAL_ADDRESS', `127.0.0.1:${int('TEMPORAL_PORT', 7233, 1, 65535)}`),
    temporalNamespace: str('TEMPORAL_NAMESPACE', 'default'),
    taskQueuePrefix: str('HOLDLINE_TASK_QUEUE_PREFIX', 'holdline'),
    mediaRetentionDays: int('HOLDLINE_MEDIA_RETENTION_DAYS', 0, 0, MAX_RETENTION_DAYS) || null,
    scratchDir: str('HOLDLINE_SCRATCH_DIR', '.data/scratch'),
    scratchSweepMs: int('HOLDLINE_SCRATCH_SWEEP_MS', 30_000, 500, 3_600_000),
    uploadLimitBytes: int('HOLDLINE_UPLOAD_LIMIT_BYTES', LIMITS.uploadBytes, 1, LIMITS.uploadBytes),
    maxDurationSec: int('HOLDLINE_MAX_DURATION_SEC', DEFAULT_MEDIA_LIMITS.maxDurationSec, 1, MAX_CONFIGURABLE_DURATION_SEC),
    logLevel: oneOf('HOLDLINE_LOG_LEVEL', ['trace', 'debug', 'info', 'warn', 'error'] as const, 'info'),
    workerLogLevel: oneOf('HOLDLINE_WORKER_LOG_LEVEL', ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR'] as const, 'INFO'),
    workerQueues: queueList(str('HOLDLINE_WORKER_QUEUES', 'scans,chat'), problems),
    scanConcurrency: int('HOLDLINE_SCAN_CONCURRENCY', 2, 1, 64),
    mediaToolNiceness: int('HOLDLINE_MEDIA_NICENESS', 10, 0, 19),
    allowHosts: allowList(str('HOLDLINE_ALLOW_HOSTS', ''), problems),
    modelBaseUrl: env.MODEL_BASE_URL === 'off' ? null : url('MODEL_BASE_URL', 'http://127.0.0.1:11434/v1'),
    modelUnavailableReason: env.MODEL_BASE_URL === 'off' && env.HOLDLINE_MODEL_UNAVAILABLE ? env.HOLDLINE_MODEL_UNAVAILABLE : null,
    modelApiKey: str('MODEL_API_KEY', 'ollama'),
    modelBaseName: str('MODEL_BASE_NAME', 'qwen2.5-coder:7b'),
    chatMaxSteps: int('HOLDLINE_CHAT_MAX_STEPS', 15, 3, 15),
    chatTimeLimitMs: int('HOLDLINE_CHAT_TIME_LIMIT_MS', 15 * 60_000, 1000, 15 * 60_000),
    chatTaskTimeoutMs: int('HOLDLINE_CHAT_TASK_TIMEOUT_MS', 6000, 1000, 120_000),
    chatModels: {},
    chatMaxRunning: int('HOLDLINE_CHAT_MAX_RUNNING', 32, 1, 10_000),
    chatConcurrency: int('HOLDLINE_CHAT_CONCURRENCY', 16, 1, 256),
    webhookConcurrency: int('HOLDLINE_WEBHOOK_CONCURRENCY', 8, 1, 256),
    webhookTestConcurrency: int('HOLDLINE_WEBHOOK_TEST_CONCURRENCY', 2, 1, 64),
    sandboxMemoryMb: int('HOLDLINE_SANDBOX_MEMORY_MB', 2048, 512, 1_048_576),
    modelStepTimeoutMs: int('HOLDLINE_MODEL_STEP_TIMEOUT_MS', 300_000, 1000, 900_000),
    modelMaxTokens: int('HOLDLINE_MODEL_MAX_TOKENS', 4096, 1, 4096),
    upstreamHealthTtlMs: int('HOLDLINE_UPSTREAM_HEALTH_TTL_MS', 5000, 0, 600_000),
    chatKeepAliveMs: int('HOLDLINE_CHAT_KEEPALIVE_MS', 10_000, 100, 60_000),
    ...trustProxy(str('HOLDLINE_TRUST_PROXY', 'false'), problems),
    idleTimeoutMs: int('HOLDLINE_IDLE_TIMEOUT_MS', 60_000, 100, 3_600_000),
    headersTimeoutMs: int('HOLDLINE_HEADERS_TIMEOUT_MS', 30_000, 100, 600_000),
    requestTimeoutMs: int('HOLDLINE_REQUEST_TIMEOUT_MS', 2 * 3_600_000, 1000, 24 * 3_600_000),
    keepAliveTimeoutMs: int('HOLDLINE_KEEPALIVE_TIMEOUT_MS', 5000, 100, 600_000),
    uploadWindowMs: int('HOLDLINE_UPLOAD_WINDOW_MS', 30_000, 100, 600_000),
    uploadMinBytesPerSec: int('HOLDLINE_UPLOAD_MIN_BYTES_PER_SEC', 65_536, 0, 100 * 1024 * 1024),
    signupsPerHour: int('HOLDLINE_SIGNUPS_PER_HOUR', 10, 1, 1_000_000),
    signinsPerHour: int('HOLDLINE_SIGNINS_PER_HOUR', 30, 1, 1_000_000),
    passwordHashConcurrency: int('HOLDLINE_PASSWORD_HASH_CONCURRENCY', 2, 1, 64),
    passwordHashQueue: int('HOLDLINE_PASSWORD_HASH_QUEUE', 16, 0, 100_000),
    publicReadsPerMinute: int('HOLDLINE_PUBLIC_READS_PER_MINUTE', 300, 1, 100_000_000),
    mediaStore: mediaStoreConfig(env, problems),
    // `npm run up` keeps FerretDB's files in .data/ferretdb; another server's files are named explicitly.
    ferretdbSqliteDir: str('HOLDLINE_FERRETDB_SQLITE_DIR', '') || (env.MONGODB_URI ? undefined : '.data/ferretdb'),
    scanReadsPerMinute: int('HOLDLINE_SCAN_READS_PER_MINUTE', LIMITS.scanReadsPerMinute, 1, 100_000_000),
    archiveMediaMibPerHour: int('HOLDLINE_ARCHIVE_MEDIA_MIB_PER_HOUR', 20_480, 1, 1_000_000_000),
    scansInFlight: {
      signal: int('HOLDLINE_SCANS_IN_FLIGHT_SIGNAL', 3, 1, 10_000),
      agents: int('HOLDLINE_SCANS_IN_FLIGHT_AGENTS', 5, 1, 10_000),
    },
    downloadSecondsPerHour: int('HOLDLINE_DOWNLOAD_SECONDS_PER_HOUR', 1800, 1, 3_600_000),
    transcriber: 'pocketsphinx',
    transcriberUrl: null,
    transcriberModel: 'whisper-1',
    transcriberApiKey: null,
    transcriberTimeoutMs: 120_000,
    metricsToken: null,
    workerMetricsAddress: null,
    webhookRetrySeconds: deliverySchedule(DEFAULT_WEBHOOK_RETRY_SECONDS),
  };
  // Idle connections must outlive the chat keep-alive, or a quiet model step would drop its client.
  if (config.idleTimeoutMs <= config.chatKeepAliveMs) {
    problems.push(`HOLDLINE_IDLE_TIMEOUT_MS (${config.idleTimeoutMs}) must be longer than HOLDLINE_CHAT_KEEPALIVE_MS (${config.chatKeepAliveMs})`);
  }
  if (config.headersTimeoutMs > config.requestTimeoutMs) {
    problems.push(`HOLDLINE_HEADERS_TIMEOUT_MS (${config.headersTimeoutMs}) must not exceed HOLDLINE_REQUEST_TIMEOUT_MS (${config.requestTimeoutMs})`);
  }
  const transcriberUrl = str('HOLDLINE_TRANSCRIBER_URL', '') === '' ? null : url('HOLDLINE_TRANSCRIBER_URL', '');
  config.transcriber = oneOf('HOLDLINE_TRANSCRIBER', ['pocketsphinx', 'openai'] as const, transcriberUrl ? 'openai' : 'pocketsphinx');
  if (config.transcriber === 'openai' && !transcriberUrl) problems.push('HOLDLINE_TRANSCRIBER=openai needs HOLDLINE_TRANSCRIBER_URL');
  config.transcriberUrl = transcriberUrl;
  config.transcriberModel = str('HOLDLINE_TRANSCRIBER_MODEL', 'whisper-1');
  config.transcriberApiKey = str('HOLDLINE_TRANSCRIBER_API_KEY', '') || null;
  config.transcriberTimeoutMs = int('HOLDLINE_TRANSCRIBER_TIMEOUT_MS', 120_000, 1000, 900_000);
  config.metricsToken = str('HOLDLINE_METRICS_TOKEN', '') || null;
  if (config.metricsToken !== null && config.metricsToken.length < 16) problems.push('HOLDLINE_METRICS_TOKEN must be at least 16 characters');
  config.workerMetricsAddress = str('HOLDLINE_WORKER_METRICS_ADDRESS', '') || null;
  const metricsPort = /^(?:\[[0-9a-fA-F:]+\]|[^\s:/[\]]+):(\d{1,5})$/.exec(config.workerMetricsAddress ?? '')?.[1];
  if (config.workerMetricsAddress !== null && !(Number(metricsPort) >= 1 && Number(metricsPort) <= 65_535)) {
    problems.push(`HOLDLINE_WORKER_METRICS_ADDRESS must be host:port (e.g. 127.0.0.1:9464), not "${config.workerMetricsAddress}"`);
  }
  const retrySchedule = parseRetrySchedule(str('HOLDLINE_WEBHOOK_RETRY_SECONDS', DEFAULT_WEBHOOK_RETRY_SECONDS.join(',')));
  if (retrySchedule.ok) config.webhookRetrySeconds = retrySchedule.delaysSec;
  else problems.push(`HOLDLINE_WEBHOOK_RETRY_SECONDS ${retrySchedule.reason}`);
  config.chatModels = parseChatModels(str('HOLDLINE_MODELS', ''), config.modelBaseName, problems);
  const origin = publicOriginOf(str('HOLDLINE_PUBLIC_ORIGIN', ''));
  if (origin.ok) config.publicOrigin = origin.origin;
  else problems.push(`HOLDLINE_PUBLIC_ORIGIN ${origin.reason}`);
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** `HOLDLINE_MODELS="id=base,id2=base2"`: extra model ids; `holdline` runs MODEL_BASE_NAME unless listed. */
function parseChatModels(raw: string, defaultBase: string, problems: string[]): Record<string, string> {
  const models: Record<string, string> = { holdline: defaultBase };
  for (const entry of raw
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e.length > 0)) {
    const eq = entry.indexOf('=');
    const id = eq > 0 ? entry.slice(0, eq).trim() : '';
    const base = eq > 0 ? entry.slice(eq + 1).trim() : '';
    if (!/^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/.test(id) || base === '') {
      problems.push(`HOLDLINE_MODELS entries must be "id=base_model", got "${entry}"`);
      continue;
    }
    models[id] = base;
  }
  return models;
}

/** `HOLDLINE_TRUST_PROXY`: false/0 (off), true (one proxy) or a number of proxies from 1 to 10. */
function trustProxy(raw: string, problems: string[]): { trustProxy: boolean; proxyHops: number } {
  const value = raw.trim().toLowerCase();
  if (['0', 'false', 'no', 'off'].includes(value)) return { trustProxy: false, proxyHops: 0 };
  if (['true', 'yes', 'on'].includes(value)) return { trustProxy: true, proxyHops: 1 };
  const hops = Number(value);
  if (Number.isInteger(hops) && hops >= 1 && hops <= 10) return { trustProxy: true, proxyHops: hops };
  problems.push(`HOLDLINE_TRUST_PROXY must be true, false or a number of proxies from 1 to 10, got "${raw}"`);
  return { trustProxy: false, proxyHops: 0 };
}

function mediaStoreConfig(env: Env, problems: string[]): MediaStoreConfig {
  const value = (name: string) => (env[name] === undefined || env[name] === '' ? undefined : env[name]);
  const kind = value('HOLDLINE_MEDIA_STORE') ?? 'fs';
  if (kind === 'fs') return { kind, dir: value('HOLDLINE_MEDIA_DIR') ?? '.data/media' };
  if (kind !== 's3') {
    problems.push(`HOLDLINE_MEDIA_STORE must be fs or s3, got "${kind}"`);
    return { kind: 'fs', dir: '.data/media' };
  }
  const endpoint = value('HOLDLINE_S3_ENDPOINT');
  if (endpoint !== undefined) {
    try {
      new URL(endpoint);
    } catch {
      problems.push(`HOLDLINE_S3_ENDPOINT must be a URL, got "${endpoint}"`);
    }
  }
  const bucket = value('HOLDLINE_S3_BUCKET');
  if (!bucket) problems.push('HOLDLINE_S3_BUCKET is required with HOLDLINE_MEDIA_STORE=s3');
  const accessKeyId = value('HOLDLINE_S3_ACCESS_KEY_ID');
  const secretAccessKey = value('HOLDLINE_S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    problems.push("HOLDLINE_S3_ACCESS_KEY_ID and HOLDLINE_S3_SECRET_ACCESS_KEY go together (or neither, for the SDK's own credential chain)");
  }
  return { kind, endpoint, bucket: bucket ?? '', region: value('HOLDLINE_S3_REGION') ?? 'us-east-1', accessKeyId, secretAccessKey };
}

/** `HOLDLINE_ALLOW_HOSTS`: comma-separated `host:port` or `host:*` entries; a bare host is a problem. */
function allowList(raw: string, problems: string[]): string[] {
  const entries: string[] = [];
  for (const item of raw
    .split(',')
    .map((h) => h.trim())
    .filter((h) => h.length > 0)) {
    const parsed = parseAllowEntry(item);
    if (parsed.ok) entries.push(parsed.entry);
    else problems.push(`HOLDLINE_ALLOW_HOSTS: ${parsed.reason}`);
  }
  return entries;
}

function queueList(raw: string, problems: string[]): ('scans' | 'chat')[] {
  const names = raw
    .split(',')
    .map((q) => q.trim())
    .filter((q) => q.length > 0);
  const bad = names.filter((q) => q !== 'scans' && q !== 'chat');
  if (bad.length > 0 || names.length === 0) problems.push(`HOLDLINE_WORKER_QUEUES must list scans and/or chat, got "${raw}"`);
  return names.filter((q): q is 'scans' | 'chat' => q === 'scans' || q === 'chat');
}

/** `HOLDLINE_PUBLIC_ORIGIN`: an http(s) origin (scheme, host, optional port) and nothing else; '' is unset. */
export function publicOriginOf(value: string): { ok: true; origin: string | null } | { ok: false; reason: string } {
  if (value === '') return { ok: true, origin: null };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, reason: `must be an origin like https://holdline.example.com, got "${value}"` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: `must be http or https, got "${value}"` };
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) {
    return { ok: false, reason: `must be an origin only (scheme, host and port; no path, query or credentials), got "${value}"` };
  }
  return { ok: true, origin: url.origin };
}
