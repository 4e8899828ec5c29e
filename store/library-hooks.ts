import type { Db } from 'mongodb';
import type { PublishedHooks } from '../core/hook-report';
import { OrderedIndex } from './ordered-index';
import { upsertRetrying } from './point';
import { ReadCache } from './read-cache';
import type { ScanDoc, ScanReadDoc } from './scan-docs';

// The published scans' hooks, kept as one small document so that placing a hook in
// the Library costs one `_id` read (FerretDB v1 answers no other filter from an
// index, so a count of `{hook: {$lt: x}}` would read every scan). LibraryStore
// writes it on publish, unpublish and deletion; reads are cached per process.

const DOC_ID = 'library_hooks';
/** Library percentiles may be this old in a process that did not write the change itself. */
const CACHE_MS = 60_000;
/** Library index positions read per page while the document is first built. */
const BUILD_PAGE = 200;

interface LibraryHooksDoc {
  _id: typeof DOC_ID;
  /** Hook per published scan id. */
  hooks: Record<string, number>;
  /** Set once every scan published before this document existed is in it. */
  built_at?: Date;
}

export class LibraryHooks implements PublishedHooks {
  private static readonly cache = new ReadCache<number[]>(CACHE_MS, 16);

  constructor(private readonly db: Db) {}

  private get docs() {
    return this.db.collection<LibraryHooksDoc>('settings');
  }

  private get key() {
    return `${this.db.databaseName}:${DOC_ID}`;
  }

  /** A published scan's hook, read from its stored read (one `_id` read). */
  async record(scanId: string): Promise<void> {
    await this.put(scanId);
    LibraryHooks.cache.delete(this.key);
  }

  private async put(scanId: string): Promise<void> {
    const read = await this.db.collection<ScanReadDoc>('scan_reads').findOne({ _id: scanId }, { projection: { hook: 1 } });
    if (typeof read?.hook !== 'number') return;
    const hook = read.hook;
    await upsertRetrying(() => this.docs.updateOne({ _id: DOC_ID }, { $set: { [`hooks.${scanId}`]: hook } }, { upsert: true }));
  }

  /** Takes an unpublished or deleted scan's hook out. Idempotent. */
  async forget(scanId: string): Promise<void> {
    await this.docs.updateOne({ _id: DOC_ID }, { $unset: { [`hooks.${scanId}`]: '' } });
    LibraryHooks.cache.delete(this.key);
  }

  /** Every published scan's hook, ascending; at most CACHE_MS old. */
  sortedHooks(): Promise<number[]> {
    return LibraryHooks.cache.get(this.key, async () => {
      let doc = await this.docs.findOne({ _id: DOC_ID });
      if (!doc?.built_at) doc = await this.build();
      return Object.values(doc?.hooks ?? {}).sort((a, b) => a - b);
    });
  }

  /**
   * Adds the scans published before this document existed, walking the library index
   * once (point reads); the marker keeps it from running again. Two processes building
   * at once write the same entries.
   */
  private async build(): Promise<LibraryHooksDoc | null> {
    const index = new OrderedIndex(this.db, 'library');
    const scans = this.db.collection<ScanDoc>('scans');
    for (let offset = 0; ; offset += BUILD_PAGE) {
      const { ids } = await index.page('library', offset, BUILD_PAGE);
      for (const id of ids) {
        const doc = await scans.findOne({ _id: id });
        if (doc && doc.status === 'complete' && doc.published_at !== undefined && doc.deleted_at === undefined) await this.put(id);
      }
      if (ids.length < BUILD_PAGE) break;
    }
    await upsertRetrying(() => this.docs.updateOne({ _id: DOC_ID }, { $set: { built_at: new Date() } }, { upsert: true }));
    return this.docs.findOne({ _id: DOC_ID });
  }
}
