// A second process writing one account's monthly counters, for usage-across-processes.test.ts:
// `node --import tsx usage-writer.ts <mongodb uri> <db> <account> <takes> <limit> <month ISO>`.
// It connects, prints `ready`, waits for a line on stdin, then at once takes `takes` scan units
// against `limit` and adds `takes` tokens, and prints how many units it was granted.
import { MongoClient } from 'mongodb';
import { once } from 'node:events';
import { UsageStore } from '../../../store/usage';

const [uri, dbName, account, takes, limit, month] = process.argv.slice(2);
const client = await MongoClient.connect(uri!);
const usage = new UsageStore(client.db(dbName));
const now = new Date(month!);
process.stdout.write('ready\n');
await once(process.stdin, 'data');
// An open stdin would keep this process alive after its work.
process.stdin.destroy();
const granted = await Promise.all(
  Array.from({ length: Number(takes) }, async () => {
    const [took] = await Promise.all([usage.take(account!, 'scans', Number(limit), now), usage.add(account!, 'tokens', 1, now)]);
    return took;
  }),
);
process.stdout.write(`${granted.filter(Boolean).length}\n`);
await client.close();
