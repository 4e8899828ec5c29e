// Plain data passed between the API (services/submit-recut.ts), the recut workflow and its activities.

export interface RecutWorkflowInput {
  recutId: string;
  parentScanId: string;
  /** The re-scan's id, chosen at submit. */
  scanId: string;
  durationSec: number;
  goal: string | null;
  maxSeconds: number | null;
  /** The re-scan runs at the recut's own priority (the Agents plan's). */
  priorityKey: number;
}

export interface RecutWorkflowResult {
  recutId: string;
  status: 'complete' | 'error';
  detail?: string;
}
