import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { isDuplicateKey } from './duplicate-key';
import type { Collection, Db, Document, Filter, UpdateFilter } from 'mongodb';

// FerretDB v1 (SQLite backend) answers a filter from an index only when the
// filter is exactly `{_id: <string or ObjectId>}` (backends/sqlite/collection.go:
// `if params.Filter.Len() == 1`); any other filter, `{_id, account_id}` included,
// reads and decodes every document of the collection. Every hot path therefore
// filters on `_id` alone and checks the rest in code after the read.

const ferret = new WeakMap<Db, Promise<boolean>>();

/** True when the server is FerretDB (its buildInfo names its version). */
export function isFerretDb(db: Db): Promise<boolean> {
  let known = ferret.get(db);
  if (!known) {
    known = db
      .admin()
      .command({ buildInfo: 1 })
      .then((info) => typeof info.ferretdbVersion === 'string')
      .catch(() => false);
    ferret.set(db, known);
  }
  return known;
}

/**
 * Updates the document `_id` if it passes `guard`, as one single-document write.
 * On MongoDB the guard rides in the filter, so check and write are one atomic
 * operation. On FerretDB v1, which has no atomic conditional update anyway (its
 * updates read, modify in Go and write back), the document is read by `_id`, the
 * guard is checked in code, and the write filters on `_id` alone: a point read
 * and a point write instead of two reads of the whole collection.
 */
export async function updateIf<T extends Document & { _id: string }>(
  db: Db,
  collection: Collection<T>,
  id: string,
  guard: { filter: Filter<T>; test: (doc: T) => boolean },
  update: UpdateFilter<T>,
): Promise<boolean> {
  if (await isFerretDb(db)) {
    const doc = (await collection.findOne({ _id: id } as Filter<T>)) as T | null;
    if (!doc || !guard.test(doc)) return false;
    const result = await collection.updateOne({ _id: id } as Filter<T>, update);
    return result.matchedCount === 1;
  }
  const result = await collection.updateOne({ _id: id, ...guard.filter } as Filter<T>, update);
  return result.matchedCount === 1;
}

/** Like `updateIf`, returning the document as it is after the update (null when the guard refused). */
export async function updateIfReturning<T extends Document & { _id: string }>(
  db: Db,
  collection: Collection<T>,
  id: string,
  guard: { filter: Filter<T>; test: (doc: T) => boolean },
  update: UpdateFilter<T>,
): Promise<T | null> {
  if (await isFerretDb(db)) {
    const doc = (await collection.findOne({ _id: id } as Filter<T>)) as T | null;
    if (!doc || !guard.test(doc)) return null;
    // No projection: FerretDB v1 does not implement one in findAndModify.
    return (await collection.findOneAndUpdate({ _id: id } as Filter<T>, update, { returnDocument: 'after' })) as T | null;
  }
  return (await collection.findOneAndUpdate({ _id: id, ...guard.filter } as Filter<T>, update, { returnDocument: 'after' })) as T | null;
}

/**
 * Runs an upsert again when it lost a race to create the document: two upserts of
 * a new `_id` at once may both try the insert, and one gets a duplicate-key error
 * (MongoDB documents this; FerretDB does the same). The retry finds the document.
 */
export async function upsertRetrying<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!isDuplicateKey(error) || attempt >= 5) throw error;
    }
  }
}

const queues = new Map<string, Promise<unknown>>();

/**
 * Runs `work` after every earlier `work` of the same key in this process has
 * finished. FerretDB v1 applies an update as read, modify in Go, write back,
 * without isolation: measured, 30 concurrent `$inc` of one document left 10.
 * Counters whose every increment matters (list positions, monthly quotas) are
 * therefore serialized per document in the process that writes them (the API);
 * on MongoDB the update is atomic anyway and this costs one queue hop.
 */
export function serialized<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const run = previous.then(work, work);
  const tail = run.catch(() => undefined);
  queues.set(key, tail);
  void tail.then(() => {
    if (queues.get(key) === tail) queues.delete(key);
  });
  return run;
}

/** How long a document lock outlives a holder that died holding it (a process killed mid-update). */
export const DOCUMENT_LOCK_TTL_MS = 10_000;
/** How long a writer waits for a lock another process holds before it gives up. */
const DOCUMENT_LOCK_WAIT_MS = 20_000;

/** One held lock (`withDocumentLock`): its `_id` is the locked key. */
interface DocumentLockDoc {
  _id: string;
  holder: string;
  expires_at: Date;
}

/** A lock another process held past the wait: the store is busy or a holder hangs, so the request is worth retrying. */
export class DocumentLockTimeout extends Error {
  constructor(readonly key: string) {
    super(`the store is busy: ${key} stayed locked for ${DOCUMENT_LOCK_WAIT_MS / 1000} s`);
    this.name = 'DocumentLockTimeout';
  }
}

/**
 * Runs `work` once no other `work` of `key` runs, in this process or any other on the same
 * store: `serialized`, and on FerretDB v1 also `withDocumentLock`. The counters whose every
 * increment matters are written by several processes: the API instances take quota units
 * and history positions, the workers add a call's tokens to the same month's document and
 * remove positions; FerretDB writes an update back as a whole document, so two processes'
 * concurrent updates of one document keep only one (measured on its PostgreSQL handler,
 * docs/operations.md: 125 of 200 increments from two processes). On MongoDB each update is
 * atomic and this is `serialized` alone.
 */
export function serializedAcrossProcesses<T>(db: Db, key: string, work: () => Promise<T>): Promise<T> {
  return serialized(key, async () => ((await isFerretDb(db)) ? withDocumentLock(db, key, work) : work()));
}

/**
 * Runs `work` holding the lock document `key` of `document_locks`: an insert on a fixed
 * `_id`, which exactly one of any number of concurrent writers wins on any store (as
 * `takeLease`'s). The others try again after a short, growing, jittered wait; a lock whose
 * holder died is taken out once `DOCUMENT_LOCK_TTL_MS` has passed. The collection holds only
 * the locks held now, so its filters beyond `_id` read a handful of documents.
 */
export async function withDocumentLock<T>(db: Db, key: string, work: () => Promise<T>): Promise<T> {
  const locks = db.collection<DocumentLockDoc>('document_locks');
  const holder = randomUUID();
  const deadline = Date.now() + DOCUMENT_LOCK_WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    const now = new Date();
    try {
      await locks.insertOne({ _id: key, holder, expires_at: new Date(now.getTime() + DOCUMENT_LOCK_TTL_MS) });
      break;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    await locks.deleteOne({ _id: key, expires_at: { $lt: now } });
    if (Date.now() > deadline) throw new DocumentLockTimeout(key);
    await sleep(Math.min(40, 2 ** attempt) * (0.5 + Math.random()));
  }
  try {
    return await work();
  } finally {
    // A release that fails (the store restarting) leaves the lock to expire: the others wait, nothing is counted twice.
    await locks.deleteOne({ _id: key, holder }).catch(() => undefined);
  }
}
