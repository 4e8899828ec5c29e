import type { Db } from 'mongodb';
import { LibraryHooks } from './library-hooks';
import { OrderedIndex } from './ordered-index';
import { updateIf } from './point';
import { ScansStore } from './scans';
import type { ScanDoc } from './scan-docs';

export type PublishResult = { outcome: 'published'; doc: ScanDoc } | { outcome: 'not_found' } | { outcome: 'not_complete' };

const LIBRARY = 'library';
const isPublished = (doc: ScanDoc | null): doc is ScanDoc => doc !== null && doc.status === 'complete' && doc.published_at !== undefined;

/** The one settings document naming the scan `GET /v1/demo` serves; set only by an operator. */
interface FeaturedDoc {
  _id: 'demo';
  scan_id: string;
  featured_at: Date;
}

export type UnpublishResult = { outcome: 'unpublished' } | { outcome: 'not_found' };

export type FeatureResult = 'featured' | 'not_found' | 'not_complete';

/**
 * The public library: published complete scans, newest publication first, kept
 * as one `OrderedIndex` so a page is a bounded number of `_id` reads.
 */
export class LibraryStore {
  private readonly scans: ScansStore;
  private readonly index: OrderedIndex;
  private readonly hooks: LibraryHooks;

  constructor(private readonly db: Db) {
    this.scans = new ScansStore(db);
    this.index = new OrderedIndex(db, 'library');
    this.hooks = new LibraryHooks(db);
  }

  /**
   * Publishes the owner's complete scan under `title`. Publishing again renames
   * it and keeps its first `published_at`, so the library order does not jump.
   */
  async publish(scanId: string, accountId: string, title: string | null, now = new Date()): Promise<PublishResult> {
    const doc = await this.scans.getStatus(scanId);
    if (!doc || doc.account_id !== accountId) return { outcome: 'not_found' };
    if (doc.status !== 'complete') return { outcome: 'not_complete' };
    const finalTitle = title ?? doc.title ?? 'Untitled scan';
    if (doc.published_at) {
      await this.scans.scans.updateOne({ _id: scanId }, { $set: { title: finalTitle } });
      this.scans.forget(scanId);
      return { outcome: 'published', doc: { ...doc, title: finalTitle } };
    }
    // The first publication takes a library position; of two at once, one wins the guard.
    const first = await updateIf(
      this.db,
      this.scans.scans,
      scanId,
      { filter: { published_at: { $exists: false } }, test: (d) => d.published_at === undefined },
      { $set: { title: finalTitle, published_at: now } },
    );
    this.scans.forget(scanId);
    if (!first) return this.publish(scanId, accountId, title, now);
    const seq = await this.index.add(LIBRARY, scanId);
    await this.scans.scans.updateOne({ _id: scanId }, { $set: { library_seq: seq } });
    this.scans.forget(scanId);
    await this.hooks.record(scanId);
    return { outcome: 'published', doc: { ...doc, title: finalTitle, published_at: now, library_seq: seq } };
  }

  /**
   * Takes the owner's scan out of the library: its media and exports need the key
   * again. Unpublishing a scan that is not published is a no-op (the same answer).
   */
  async unpublish(scanId: string, accountId: string): Promise<UnpublishResult> {
    const doc = await this.scans.getStatus(scanId);
    if (!doc || doc.account_id !== accountId) return { outcome: 'not_found' };
    if (doc.published_at !== undefined) {
      // The status document first: anonymous reads check `published_at`, so the scan is private from here on.
      await this.scans.scans.updateOne({ _id: scanId }, { $unset: { published_at: '', library_seq: '' } });
      this.scans.forget(scanId);
      if (doc.library_seq !== undefined) await this.index.removeEntry(LIBRARY, doc.library_seq, scanId);
      await this.hooks.forget(scanId);
    }
    return { outcome: 'unpublished' };
  }

  /**
   * For a scan's deletion: takes it out of the library index and stops featuring it
   * (the demo then answers as when none is featured). Idempotent.
   */
  async forgetScan(scanId: string, librarySeq: number | undefined): Promise<void> {
    if (librarySeq !== undefined) await this.index.removeEntry(LIBRARY, librarySeq, scanId);
    await this.hooks.forget(scanId);
    await this.featuredDocs.deleteOne({ _id: 'demo', scan_id: scanId });
  }

  /** One page of the library: status documents only (titles, scores), no timelines. */
  async list(page: { limit: number; offset: number }): Promise<{ docs: ScanDoc[]; total: number }> {
    const { ids, total } = await this.index.page(LIBRARY, page.offset, page.limit);
    const docs = await Promise.all(ids.map((id) => this.scans.getStatus(id)));
    return { docs: docs.filter(isPublished), total };
  }

  async getPublished(scanId: string): Promise<ScanDoc | null> {
    const doc = await this.scans.getStatus(scanId);
    return isPublished(doc) ? this.scans.withRead(doc) : null;
  }

  private get featuredDocs() {
    return this.db.collection<FeaturedDoc>('settings');
  }

  /**
   * Makes a complete scan the demo (an operator's choice, never a user's). A
   * featured scan is public, so it is published too if it was not.
   */
  async feature(scanId: string, now = new Date()): Promise<FeatureResult> {
    const doc = await this.scans.getStatus(scanId);
    if (!doc) return 'not_found';
    if (doc.status !== 'complete') return 'not_complete';
    if (!doc.published_at) {
      const published = await this.publish(scanId, doc.account_id, null, now);
      if (published.outcome !== 'published') return published.outcome;
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
