import type { SandboxTools } from '../sandbox/tools';
import type { CallFiles } from '../sandbox/call-files';
import type { CallsStore } from '../../store/calls';
import type { UsageStore } from '../../store/usage';
import type { ModelClient } from './model-client';

/** What the chat activities run over, one set per worker process. */
export interface ChatActivityDeps {
  calls: CallsStore;
  usage: UsageStore;
  model: ModelClient;
  sandbox: SandboxTools;
  /** Maintenance only. */
  callFiles?: CallFiles;
}
