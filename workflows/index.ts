// The workflow bundle's entry: every workflow a worker can run.
import type { ScheduledWorkflows, StartedWorkflows } from '../contracts/workflows';
import type { chatWorkflow } from './chat';
import type { closeAccountWorkflow } from './close-account';
import type { deleteScanWorkflow } from './delete-scan';
import type { maintenanceWorkflow } from './maintenance';
import type { recutWorkflow } from './recut';
import type { retentionWorkflow } from './retention';
import type { scanWorkflow } from './scan';
import type { webhookTestWorkflow } from './webhook';

export { scanWorkflow, scanStageQuery } from './scan';
export { chatWorkflow, chatProgressQuery } from './chat';
export { maintenanceWorkflow } from './maintenance';
export { recutWorkflow, recutStageQuery } from './recut';
export { webhookDeliveryWorkflow, webhookTestWorkflow } from './webhook';
export { deleteScanWorkflow } from './delete-scan';
export { closeAccountWorkflow } from './close-account';
export { retentionWorkflow } from './retention';

/** Fails to compile when a workflow started by name no longer has its signature in contracts/workflows.ts. */
type Implements<T extends StartedWorkflows & ScheduledWorkflows> = T;
export type StartedWorkflowsHere = Implements<{
  scanWorkflow: typeof scanWorkflow;
  recutWorkflow: typeof recutWorkflow;
  chatWorkflow: typeof chatWorkflow;
  deleteScanWorkflow: typeof deleteScanWorkflow;
  closeAccountWorkflow: typeof closeAccountWorkflow;
  webhookTestWorkflow: typeof webhookTestWorkflow;
  maintenanceWorkflow: typeof maintenanceWorkflow;
  retentionWorkflow: typeof retentionWorkflow;
}>;
