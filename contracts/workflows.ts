// The workflows started by name, under the names Temporal knows them by, with their input and
// result: the API starts them through StartedWorkflows and the worker's hourly schedules through
// ScheduledWorkflows (typed arguments and result, no cast), and workflows/index.ts fails to
// compile when a workflow drifts from its line here.

import type { TestDeliveryOutcome } from '../core/webhook';
import type { ChatWorkflowInput, ChatWorkflowResult } from './chat-types';
import type { RecutWorkflowInput, RecutWorkflowResult } from './recut-types';
import type { ScanWorkflowInput, ScanWorkflowResult } from './scan-types';

export interface DeleteScanInput {
  scanId: string;
}

export interface DeleteScanResult {
  scanIds: string[];
  recutIds: string[];
}

export interface CloseAccountInput {
  accountId: string;
}

export interface CloseAccountResult {
  scans: number;
  recuts: number;
  calls: number;
}

export interface WebhookTestInput {
  accountId: string;
  /** Checked public by the API; checked again by the attempt. */
  url: string;
  webhookId: string;
}

export interface StartedWorkflows {
  scanWorkflow: (input: ScanWorkflowInput) => Promise<ScanWorkflowResult>;
  recutWorkflow: (input: RecutWorkflowInput) => Promise<RecutWorkflowResult>;
  chatWorkflow: (input: ChatWorkflowInput) => Promise<ChatWorkflowResult>;
  deleteScanWorkflow: (input: DeleteScanInput) => Promise<DeleteScanResult>;
  closeAccountWorkflow: (input: CloseAccountInput) => Promise<CloseAccountResult>;
  webhookTestWorkflow: (input: WebhookTestInput) => Promise<TestDeliveryOutcome>;
}

export interface MaintenanceInput {
  /** How old call data must be to be deleted; unset (as the schedule leaves it), CALL_CONTENT_MAX_AGE_MS. */
  maxAgeMs?: number;
}

export interface MaintenanceResult {
  files: number;
  turns: number;
  events: number;
  rateWindows: number;
  slots: number;
  sessions: number;
  /** Absent in runs recorded before keys were swept. */
  idempotencyKeys?: number;
  /** API keys revoked over a week ago; absent in runs recorded before they were swept. */
  revokedKeys?: number;
}

export interface RetentionResult {
  removed: number;
  /** Absent in runs recorded before orphans were swept. */
  abandonedUploads?: number;
  orphanScans?: number;
}

/** The workflows the worker's hourly schedules start (workers/run.ts). */
export interface ScheduledWorkflows {
  maintenanceWorkflow: (input?: MaintenanceInput) => Promise<MaintenanceResult>;
  retentionWorkflow: () => Promise<RetentionResult>;
}
