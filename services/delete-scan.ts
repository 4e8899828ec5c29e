import type { AppDeps, Log, WorkflowOrigin } from './ports';

/** How long `DELETE /v1/scans/{id}` waits for the deletion before answering 202 (the scan is hidden already). */
export const DELETE_WAIT_MS = 20_000;

export type DeleteOutcome = 'deleted' | 'deleting' | 'not_found';

/**
 * Deletes the owner's scan with its recuts and their re-scans: starts (or joins)
 * its `delete-<scanId>` workflow, hides the scan from every read at once, and
 * waits for the workflow up to `waitMs`. `deleted` once everything is removed;
 * `deleting` when it takes longer (a worker or store down: the workflow finishes
 * it later); someone else's, unknown or already deleted scan is `not_found`.
 */
export async function deleteScan(
  deps: Pick<AppDeps, 'scans' | 'workflows'>,
  input: { accountId: string; scanId: string; waitMs?: number; log: Log } & WorkflowOrigin,
): Promise<DeleteOutcome> {
  const doc = await deps.scans.getOwned(input.scanId, input.accountId);
  if (!doc) return 'not_found';
  // The workflow first: once it exists the deletion is certain to finish, and it hides the scan itself too.
  const run = await deps.workflows.startDeletion({ scanId: input.scanId }, { requestId: input.requestId });
  try {
    await deps.scans.hide(input.scanId);
  } catch (error) {
    // The workflow's first step hides it as well; the client is not told about a store hiccup here.
    input.log.warn({ err: error, scanId: input.scanId }, 'hiding a scan at its deletion failed; its workflow hides it');
  }
  return (await run.finished(input.waitMs ?? DELETE_WAIT_MS)) ? 'deleted' : 'deleting';
}
