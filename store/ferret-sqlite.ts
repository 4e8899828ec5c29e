import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Db } from 'mongodb';

const run = promisify(execFile);

// FerretDB v1.24 (SQLite backend) pushes `{_id: x}` down as
// `WHERE _ferretdb_sjson->'$._id' = ?`, but the `_id_` index it creates is on
// `_ferretdb_sjson->"_id"`: a different expression, so SQLite never uses it and
// every point read scans and parses the whole table (EXPLAIN QUERY PLAN: `SCAN`).
// An index on the exact pushed-down expression turns it into `SEARCH … USING
// INDEX`. FerretDB keeps its own index list in its metadata table, so this extra
// SQLite index is invisible to it and goes away with the table.

/** The collections the hot paths read by `_id`: created up front so they can be indexed before first use. */
export const POINT_COLLECTIONS = [
  'accounts',
  'api_keys',
  'sessions',
  'usage',
  'rate_windows',
  'scans',
  'scan_reads',
  'scan_parts',
  'scan_history_heads',
  'scan_history_buckets',
  'library_heads',
  'library_buckets',
  'calls',
  'call_turns',
  'call_slots',
  'call_progress',
];

/**
 * Adds the `_id` expression index to every table of the database `db` in the
 * FerretDB SQLite directory `dir` (the `--sqlite-url` directory). Needs the
 * `sqlite3` command; does nothing when the database file is not there.
 */
export async function indexFerretTables(db: Db, dir: string): Promise<number> {
  const file = join(dir, `${db.databaseName}.sqlite`);
  if (!existsSync(file)) return 0;
  await Promise.all(
    POINT_COLLECTIONS.map((name) =>
      db.createCollection(name).catch((error: { code?: number }) => {
        if (error.code !== 48) throw error; // NamespaceExists
      }),
    ),
  );
  const sql = (statement: string) => run('sqlite3', ['-batch', '-cmd', '.timeout 10000', file, statement]);
  const { stdout } = await sql('SELECT table_name FROM _ferretdb_collections;');
  const tables = stdout
    .split('\n')
    .map((t) => t.trim())
    .filter((t) => /^[a-z0-9_]+$/.test(t));
  if (tables.length === 0) return 0;
  await sql(tables.map((t) => `CREATE INDEX IF NOT EXISTS "${t}_holdline_id" ON "${t}" (_ferretdb_sjson->'$._id');`).join('\n'));
  return tables.length;
}
