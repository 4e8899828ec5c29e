import type { Db } from 'mongodb';
import type { ScanDoc } from './scans';

/** Where a published scan's public page lives. */
export const libraryUrl = (scanId: string) => `/library/${scanId}`;

export type PublishResult =
  | { outcome: 'published'; doc: ScanDoc }
  | { outcome: 'not_found' }
  | { outcome: 'not_complete' };

const PUBLISHED = { status: 'complete', published_at: { $exists: true } } as const;

/** The one settings document naming the scan `GET /v1/demo` serves; set only by an operator. */
interface FeaturedDoc {
  _id: 'demo';
  scan_id: string;
  featured_at: Date;
}

export type FeatureResult = 'featured' | 'not_found' | 'not_complete';

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

  private get featuredDocs() {
    return this.db.collection<FeaturedDoc>('settings');
  }

  /**
   * Makes a complete scan the demo (an operator's choice, never a user's). A
   * featured scan is public, so it is published too if it was not.
   */
  async feature(scanId: string, now = new Date()): Promise<FeatureResult> {
    const doc = await this.scans.findOne({ _id: scanId });
    if (!doc) return 'not_found';
    if (doc.status !== 'complete') return 'not_complete';
    if (!doc.published_at) {
      await this.scans.updateOne(
        { _id: scanId, status: 'complete', published_at: { $exists: false } },
        { $set: { published_at: now, title: doc.title ?? 'Untitled scan' } },
      );
    }
    await this.featuredDocs.updateOne({ _id: 'demo' }, { $set: { scan_id: scanId, featured_at: now } }, { upsert: true });
    return 'featured';
  }

  /** The featured scan while it is still published and complete, else null. */
  async featured(): Promise<ScanDoc | null> {
    const setting = await this.featuredDocs.findOne({ _id: 'demo' });
    return setting ? this.getPublished(setting.scan_id) : null;
  }
}
