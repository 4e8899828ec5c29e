import { storedTitle } from '../core/title';
import type { PublishResult } from '../store/library';
import type { AppDeps } from './ports';

/**
 * Publishes the owner's complete scan to the public library under `title` (the
 * scan's own title, else "Untitled scan", when none is given). Publishing again
 * renames it and keeps its place. The outcome says what the caller answers:
 * someone else's scan is `not_found`, one still in flight `not_complete`.
 */
export async function publishScan(
  deps: Pick<AppDeps, 'library' | 'now'>,
  input: { accountId: string; scanId: string; title: string | undefined },
): Promise<PublishResult> {
  const title = storedTitle(input.title);
  return deps.library.publish(input.scanId, input.accountId, title, deps.now());
}
