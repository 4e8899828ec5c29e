import type { UnpublishResult } from '../store/library';
import type { AppDeps } from './ports';

/**
 * Takes the owner's scan out of the public library: from then on its media and
 * exports need the owner's key again. A scan that is not published stays as it
 * is (same answer); someone else's is `not_found`.
 */
export async function unpublishScan(deps: Pick<AppDeps, 'library'>, input: { accountId: string; scanId: string }): Promise<UnpublishResult> {
  return deps.library.unpublish(input.scanId, input.accountId);
}
