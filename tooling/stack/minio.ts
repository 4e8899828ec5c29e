// Starts MinIO, an S3-compatible server, on a free loopback port: the `s3`
// media store's tests, the scale-out test and the load benchmark use it. Kept
// apart from start.ts: only the tests and benchmarks that need S3 start it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../repo-root';
import { freePort } from './ports';

export interface S3Server {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The environment that points Holdline's media store at this server. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startMinio(options: { dataDir: string; binDir?: string; timeoutMs?: number }): Promise<S3Server> {
  const binary = join(options.binDir ?? join(REPO_ROOT, '.tools', 'bin'), 'minio');
  if (!existsSync(binary)) throw new Error(`${binary} is missing: run scripts/bootstrap.sh`);
  const [port, consolePort] = [await freePort(), await freePort()];
  const accessKeyId = 'holdline';
  const secretAccessKey = randomBytes(16).toString('hex');
  const dir = join(options.dataDir, 'minio');
  mkdirSync(dir, { recursive: true });
  const log = openSync(join(options.dataDir, 'minio.log'), 'a');
  const child = spawn(binary, ['server', dir, '--quiet', '--address', `127.0.0.1:${port}`, '--console-address', `127.0.0.1:${consolePort}`], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? dir,
      MINIO_ROOT_USER: accessKeyId,
      MINIO_ROOT_PASSWORD: secretAccessKey,
      MINIO_BROWSER: 'off',
      MINIO_UPDATE: 'off',
    },
    stdio: ['ignore', log, log],
    detached: true,
  });
  const endProcess = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.once('exit', endProcess);
  const endpoint = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`MinIO exited with ${child.exitCode}; see ${join(options.dataDir, 'minio.log')}`);
    const live = await fetch(`${endpoint}/minio/health/live`).then(
      (r) => r.ok,
      () => false,
    );
    if (live) break;
    if (Date.now() > deadline) {
      endProcess();
      throw new Error(`MinIO did not answer on ${endpoint} in time`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const bucket = 'holdline';
  const region = 'us-east-1';
  return {
    endpoint,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    env: {
      HOLDLINE_MEDIA_STORE: 's3',
      HOLDLINE_S3_ENDPOINT: endpoint,
      HOLDLINE_S3_BUCKET: bucket,
      HOLDLINE_S3_REGION: region,
      HOLDLINE_S3_ACCESS_KEY_ID: accessKeyId,
      HOLDLINE_S3_SECRET_ACCESS_KEY: secretAccessKey,
    },
    async stop() {
      process.removeListener('exit', endProcess);
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        return;
      }
      const timer = setTimeout(endProcess, 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
