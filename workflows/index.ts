// The workflow bundle's entry: every workflow a worker can run.
export { scanWorkflow, scanStageQuery } from './scan';
export { chatWorkflow, chatProgressQuery } from './chat';
export { maintenanceWorkflow } from './maintenance';
export { recutWorkflow, recutStageQuery } from './recut';
export { webhookDeliveryWorkflow, webhookTestWorkflow } from './webhook';
export { deleteScanWorkflow } from './delete-scan';
export { closeAccountWorkflow } from './close-account';
export { retentionWorkflow } from './retention';
