import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { MongoClient, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../tooling/repo-root';
import { withDocumentLock } from '../../../store/point';
import { UsageStore } from '../../../store/usage';
import { getStackEnv } from '../helpers/stack-env';

// Counters written by two processes at once, on the real FerretDB: it writes an update
// back as a whole document, so without the lock document of store/point.ts one process's
// increments overwrite the other's (the rehearsal's fault row found a scan counted once
// too few; docs/operations.md has the figures).

let client: MongoClient;
let db: Db;
const dbName = `usagex${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  client = await MongoClient.connect(getStackEnv().mongodbUri);
  db = client.db(dbName);
});
afterAll(async () => {
  await db?.dropDatabase().catch(() => undefined);
  await client?.close();
});

/** Starts usage-writer.ts in its own process, connected and waiting for the word to go. */
async function secondWriter(account: string, takes: number, limit: number, month: Date) {
  const script = fileURLToPath(new URL('./usage-writer.ts', import.meta.url));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', script, getStackEnv().mongodbUri, dbName, account, String(takes), String(limit), month.toISOString()],
    {
      cwd: REPO_ROOT,
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const exited = once(child, 'exit');
  while (!out.includes('ready\n')) {
    await Promise.race([once(child.stdout, 'data'), exited.then(() => Promise.reject(new Error(`usage-writer exited before it was ready: ${out}`)))]);
  }
  return {
    go: () => child.stdin.write('go\n'),
    granted: async () => {
      const [code] = await exited;
      expect(code).toBe(0);
      return Number(out.split('\n')[1]);
    },
  };
}

describe('monthly counters written by two processes at once', () => {
  it('grant exactly the limit between them and lose no token added to the same document', { timeout: 120_000 }, async () => {
    const month = new Date('2026-11-15T12:00:00Z');
    const usage = new UsageStore(db);
    const other = await secondWriter('acct_x', 25, 40, month);
    other.go();
    const here = await Promise.all(
      Array.from({ length: 25 }, async () => {
        const [took] = await Promise.all([usage.take('acct_x', 'scans', 40, month), usage.add('acct_x', 'tokens', 1, month)]);
        return took;
      }),
    );
    const grantedThere = await other.granted();
    const grantedHere = here.filter(Boolean).length;
    expect(grantedHere + grantedThere).toBe(40);
    expect(await usage.month('acct_x', month)).toMatchObject({ scans: 40, tokens: 50 });
    expect(await db.collection('document_locks').countDocuments({})).toBe(0);
  });
});

describe('a document lock', () => {
  it('waits for a holder that gives it back, and takes over one left behind past its lifetime', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = withDocumentLock(db, 'k1', async () => {
      order.push('first in');
      await new Promise<void>((resolve) => (release = resolve));
      order.push('first out');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = withDocumentLock(db, 'k1', async () => void order.push('second in'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(order).toEqual(['first in']);
    release();
    await Promise.all([held, second]);
    expect(order).toEqual(['first in', 'first out', 'second in']);

    // A process that died holding the lock: its document stays until it expires (DOCUMENT_LOCK_TTL_MS).
    const locks = db.collection<{ _id: string; holder: string; expires_at: Date }>('document_locks');
    await locks.insertOne({ _id: 'k2', holder: 'dead', expires_at: new Date(Date.now() - 1) });
    expect(await withDocumentLock(db, 'k2', async () => 'ran')).toBe('ran');
    expect(await locks.countDocuments({})).toBe(0);
  });
});
