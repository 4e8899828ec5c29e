// The workflows the API starts, under the names Temporal knows them by, with their input and
// result: the API starts them through this map (typed arguments and result, no cast), and
// workflows/index.ts fails to compile when a workflow drifts from its line here.

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
