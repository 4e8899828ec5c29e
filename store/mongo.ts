import { MongoClient, type Db } from 'mongodb';
import { indexFerretTables } from './ferret-sqlite';
import { migrateScanLayout } from './migrate';
import { isFerretDb } from './point';

export interface Mongo {
  client: MongoClient;
  db: Db;
  close(): Promise<void>;
}

/**
 * Connects and makes sure the indexes every query relies on exist. With
 * `ferretdbSqliteDir` (FerretDB's `--sqlite-url` directory, on this machine),
 * FerretDB's tables also get the `_id` index its point reads can use (see
 * ferret-sqlite.ts).
 */
export async function connectMongo(uri: string, options: { ferretdbSqliteDir?: string } = {}): Promise<Mongo> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 10_000, ignoreUndefined: true });
  await client.connect();
  const db = client.db();
  await ensureIndexes(db);
  if (options.ferretdbSqliteDir && (await isFerretDb(db))) {
    // Without the index every read still works, only in time proportional to the collection: say so, do not stop.
    await indexFerretTables(db, options.ferretdbSqliteDir).catch((error: Error) =>
      process.stderr.write(`holdline: could not add FerretDB's _id index (point reads will scan): ${error.message}\n`),
    );
  }
  await migrateScanLayout(db);
  return { client, db, close: () => client.close() };
}

export async function ensureIndexes(db: Db): Promise<void> {
  await Promise.all([
    db.collection('accounts').createIndex({ email: 1 }, { unique: true }),
    db.collection('api_keys').createIndex({ account_id: 1 }),
    // The maintenance sweep of revoked keys, and the per-account session cap.
    db.collection('api_keys').createIndex({ revoked_at: 1 }),
    db.collection('sessions').createIndex({ account_id: 1, created_at: -1 }),
    db.collection('rate_windows').createIndex({ window_end: 1 }),
    // The hourly retention run reads each account's old scans by date (ScansStore.mediaRetentionPage).
    db.collection('scans').createIndex({ account_id: 1, created_at: 1 }),
    // Submissions being received: an account's closure counts its own, the hourly sweep reads the oldest (store/submissions.ts).
    db.collection('submissions').createIndex({ account_id: 1, started_at: 1 }),
    db.collection('submissions').createIndex({ started_at: 1 }),
    // The scans in flight of one account, counted at each submission (ScansStore.inFlightIdsOfAccount).
    db.collection('scans_in_flight').createIndex({ account_id: 1 }),
  ]);
}
