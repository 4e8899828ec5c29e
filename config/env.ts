// Configuration is read once at start from the environment into a typed object;
// every bad variable is reported together so an operator fixes them in one go.

export interface HoldlineConfig {
  /** API listen port (default 8080) and host (default 127.0.0.1). */
  port: number;
  host: string;
  /** MongoDB connection string; the database name comes from its path (default `holdline`). */
  mongodbUri: string;
  /** Temporal frontend host:port (default 127.0.0.1:7233) and namespace (default `default`). */
  temporalAddress: string;
  temporalNamespace: string;
  /** Prefix of the task queues: `<prefix>-scans` and `<prefix>-chat` (default `holdline`). */
  taskQueuePrefix: string;
  /** Worker scratch directory for decoded media (default `.data/scratch`). */
  scratchDir: string;
  /** Scan activities one worker process runs at once (default 2, about one per core). */
  scanConcurrency: number;
  /** Host names or IP literals exempt from the public-address rule (tests serve from loopback). */
  allowHosts: string[];
  /** Upstream OpenAI-compatible model server. */
  modelBaseUrl: string;
  modelApiKey: string;
  modelBaseName: string;
  /** Chat limits: model steps and wall time per call. */
  chatMaxSteps: number;
  chatTimeLimitMs: number;
}

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
    mongodbUri: url('MONGODB_URI', `mongodb://127.0.0.1:${int('MONGO_PORT', 27017, 1, 65535)}/holdline`),
    temporalAddress: str('TEMPORAL_ADDRESS', `127.0.0.1:${int('TEMPORAL_PORT', 7233, 1, 65535)}`),
    temporalNamespace: str('TEMPORAL_NAMESPACE', 'default'),
    taskQueuePrefix: str('HOLDLINE_TASK_QUEUE_PREFIX', 'holdline'),
    scratchDir: str('HOLDLINE_SCRATCH_DIR', '.data/scratch'),
    scanConcurrency: int('HOLDLINE_SCAN_CONCURRENCY', 2, 1, 64),
    allowHosts: str('HOLDLINE_ALLOW_HOSTS', '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter((h) => h.length > 0),
    modelBaseUrl: url('MODEL_BASE_URL', 'http://127.0.0.1:11434/v1'),
    modelApiKey: str('MODEL_API_KEY', 'ollama'),
    modelBaseName: str('MODEL_BASE_NAME', 'qwen2.5-coder:7b'),
    chatMaxSteps: int('HOLDLINE_CHAT_MAX_STEPS', 15, 1, 15),
    chatTimeLimitMs: int('HOLDLINE_CHAT_TIME_LIMIT_MS', 15 * 60_000, 1000, 15 * 60_000),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

export function taskQueues(config: Pick<HoldlineConfig, 'taskQueuePrefix'>) {
  return {
    scans: `${config.taskQueuePrefix}-scans`,
    chat: `${config.taskQueuePrefix}-chat`,
  } as const;
}
