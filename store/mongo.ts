import { MongoClient, type Db } from 'mongodb';

export interface Mongo {
  client: MongoClient;
  db: Db;
  close(): Promise<void>;
}

/** Connects and makes sure the indexes every query relies on exist. */
export async function connectMongo(uri: string): Promise<Mongo> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 10_000, ignoreUndefined: true });
  await client.connect();
  const db = client.db();
  await ensureIndexes(db);
  return { client, db, close: () => client.close() };
}

export async function ensureIndexes(db: Db): Promise<void> {
  await Promise.all([
    db.collection('accounts').createIndex({ email: 1 }, { unique: true }),
    db.collection('api_keys').createIndex({ account_id: 1 }),
    db.collection('rate_windows').createIndex({ window_end: 1 }),
  ]);
}
