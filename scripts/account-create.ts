// npm run --silent account:create -- --email a@example.com [--plan signal|agents]
// Prints one JSON line {account_id, email, plan, api_key}; the key is shown only here.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env';
import { isPlanId } from '../core/plans';
import { connectMongo } from '../store/mongo';
import { AccountsStore } from '../store/accounts';

const { values } = parseArgs({ options: { email: { type: 'string' }, plan: { type: 'string', default: 'signal' } } });
const email = values.email?.trim();
if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
  console.error('usage: npm run --silent account:create -- --email you@example.com [--plan signal|agents]');
  process.exit(2);
}
if (!isPlanId(values.plan)) {
  console.error(`unknown plan "${values.plan}": choose signal or agents`);
  process.exit(2);
}
const mongo = await connectMongo(loadConfig().mongodbUri, { ferretdbSqliteDir: loadConfig().ferretdbSqliteDir });
try {
  const { account, apiKey } = await new AccountsStore(mongo.db).create({ email, plan: values.plan });
  console.log(JSON.stringify({ account_id: account._id, email: account.email, plan: account.plan, api_key: apiKey }));
} catch (error) {
  // A taken email is the store's EmailTakenError, whose message names it.
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await mongo.close();
}
