import type { Db } from 'mongodb';
import type { ScanDoc } from './scans';

/** Where a published scan's public page lives. */
export const libraryUrl = (scanId: string) => `/library/${scanId}`;

export type PublishResult =
  | { outcome: 'published'; doc: ScanDoc }
  | { outcome: 'not_found' }
  | { outcome: 'not_complete' };

const PUBLISHED = { status: 'complete', published_at: { $exists: true } } as const;

/** The public library: published complete scans, newest publication first. */
export class LibraryStore {
  constructor(private readonly db: Db) {}

  private get scans() {
    return this.db.collection<ScanDoc>('scans');
  }

  /**
   * Publishes the owner's complete scan under `title`. Publishing again renames
   * it and keeps its first `published_at`, so the library order does not jump.
   */
  async publish(scanId: string, accountId: string, title: string | null, now = new Date()): Promise<PublishResult> {
    const doc = await this.scans.findOne({ _id: scanId, account_id: accountId });
    if (!doc) return { outcome: 'not_found' };
    if (doc.status !== 'complete') return { outcome: 'not_complete' };
    const finalTitle = title ?? doc.title ?? 'Untitled scan';
    const publishedAt = doc.published_at ?? now;
    await this.scans.updateOne(
      { _id: scanId, account_id: accountId, status: 'complete' },
      { $set: { title: finalTitle, published_at: publishedAt } },
    );
    return { outcome: 'published', doc: { ...doc, title: finalTitle, published_at: publishedAt } };
  }

  async list(page: { limit: number; offset: number }): Promise<{ docs: ScanDoc[]; total: number }> {
    const [docs, total] = await Promise.all([
      this.scans.find(PUBLISHED).sort({ published_at: -1, _id: -1 }).skip(page.offset).limit(page.limit).toArray(),
      this.scans.countDocuments(PUBLISHED),
    ]);
    return { docs, total };
  }

  async getPublished(scanId: string): Promise<ScanDoc | null> {
    return this.scans.findOne({ _id: scanId, ...PUBLISHED });
  }
}
