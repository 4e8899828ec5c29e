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
