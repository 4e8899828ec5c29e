import { isDuplicateKey } from './duplicate-key';
import type { Db } from 'mongodb';
import { OrderedIndex } from './ordered-index';
import type { ScanDoc, ScanReadDoc } from './scan-docs';

const HEAVY = ['hook', 'timeline', 'cuts', 'dead', 'moments', 'claims', 'transcript', 'summary', 'method'] as const;

/**
 * Moves scans stored before the split (the read inside the status document, no
 * history or library position) to the current layout: the read into
 * `scan_reads`, each account's scans into its history index by creation time,
 * published scans into the library by publication time. Runs once per database:
 * the first process to insert the marker does it (an insert is atomic on
 * FerretDB too); a database created fresh has nothing to move.
 */
export async function migrateScanLayout(db: Db): Promise<number> {
  const markers = db.collection<{ _id: string; state: string; at: Date; moved?: number }>('migrations');
  if (await markers.findOne({ _id: 'scan-layout-v2' })) return 0;
  try {
    await markers.insertOne({ _id: 'scan-layout-v2', state: 'running', at: new Date() });
  } catch (error) {
    if (isDuplicateKey(error)) return 0;
    throw error;
  }
  const scans = db.collection<ScanDoc>('scans');
  // A whole-collection read, once, at the first start after the upgrade.
  const old = (await scans.find({}).toArray()).filter((doc) => doc.seq === undefined);
  for (const doc of old) {
    if (doc.timeline !== undefined) {
      const heavy = Object.fromEntries(['duration_sec', 'score', 'grade', 'label', ...HEAVY].map((f) => [f, doc[f as keyof ScanDoc]]));
      await db.collection<ScanReadDoc>('scan_reads').replaceOne({ _id: doc._id }, heavy as unknown as ScanReadDoc, { upsert: true });
      await scans.updateOne({ _id: doc._id }, { $unset: Object.fromEntries(HEAVY.map((f) => [f, ''])) });
    }
  }
  const history = new OrderedIndex(db, 'scan_history');
  const byAccount = new Map<string, ScanDoc[]>();
  for (const doc of old) byAccount.set(doc.account_id, [...(byAccount.get(doc.account_id) ?? []), doc]);
  for (const [accountId, docs] of byAccount) {
    docs.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
    for (const doc of docs) await scans.updateOne({ _id: doc._id }, { $set: { seq: await history.add(accountId, doc._id) } });
  }
  const library = new OrderedIndex(db, 'library');
  const published = old.filter((doc) => doc.status === 'complete' && doc.published_at).sort((a, b) => a.published_at!.getTime() - b.published_at!.getTime());
  for (const doc of published) await scans.updateOne({ _id: doc._id }, { $set: { library_seq: await library.add('library', doc._id) } });
  await markers.updateOne({ _id: 'scan-layout-v2' }, { $set: { state: 'done', at: new Date(), moved: old.length } });
  return old.length;
}
