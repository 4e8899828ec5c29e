import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { PlanId } from '../../../core/plans';
import { startInProcessService, type InProcessService, type InProcessServiceOptions } from '../../../tooling/in-process-service';
import type { ManagedProcess } from '../../../tooling/stack/processes';
import { startWorker } from '../../../tooling/stack/worker';
import { getStackEnv } from './stack-env';

export type ServiceOptions = Omit<InProcessServiceOptions, 'mongodbUri' | 'temporalAddress'>;

export interface Service extends InProcessService {
  /** A worker as a separate OS process with its own scratch directory; the caller stops or kills it. */
  startWorkerProcess(extraEnv?: Record<string, string>): Promise<ManagedProcess>;
  createAccount(plan?: PlanId): Promise<{ accountId: string; apiKey: string }>;
}

/**
 * The API in-process over the shared test stack, isolated from other test files
 * by its own database and task-queue prefix, so files may run in any order.
 */
export async function startService(options: ServiceOptions = {}): Promise<Service> {
  const { mongodbUri, temporalAddress, ferretdbSqliteDir } = getStackEnv();
  const service = await startInProcessService({
    ...options,
    env: {
      HOLDLINE_FERRETDB_SQLITE_DIR: ferretdbSqliteDir,
      // Many tests keep more scans of one account queued than a plan's cap allows (3 or 5; they run with no workers, or
      // submit in bursts): the cap is lifted here, and test/integration/scans/in-flight-and-downloads.test.ts sets its own.
      HOLDLINE_SCANS_IN_FLIGHT_SIGNAL: '1000',
      HOLDLINE_SCANS_IN_FLIGHT_AGENTS: '1000',
      ...options.env,
    },
    mongodbUri,
    temporalAddress,
  });
  const processes: ManagedProcess[] = [];
  return {
    ...service,
    async startWorkerProcess(extraEnv = {}) {
      const proc = await startWorker(
        { ...service.workerEnv, HOLDLINE_SCRATCH_DIR: join(service.scratchRoot, `worker-${processes.length}`), ...extraEnv },
        { logDir: join(service.scratchRoot, 'logs') },
      );
      processes.push(proc);
      return proc;
    },
    async createAccount(plan = 'signal') {
      const { account, apiKey } = await service.deps.accounts.create({ email: `${randomBytes(6).toString('hex')}@example.com`, plan });
      return { accountId: account._id, apiKey };
    },
    async stop() {
      await Promise.allSettled(processes.map((proc) => proc.stop(5000)));
      await service.stop();
    },
  };
}
