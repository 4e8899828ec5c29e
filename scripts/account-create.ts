// npm run --silent account:create -- --email a@example.com [--plan signal|agents] [--password <password>]
// Prints one JSON line {account_id, email, plan, api_key, password_set}; the key is shown only here.
// The website password comes from --password or, kept out of the shell's history, from
// HOLDLINE_ACCOUNT_PASSWORD; without either, how to set one with the key goes to stderr.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env';
import { PASSWORD_RULE, passwordMeetsRule } from '../core/password-rule';
import { isPlanId } from '../core/plans';
import { connectMongo } from '../store/mongo';
import { AccountsStore } from '../store/accounts';
import { SessionsStore } from '../store/sessions';

const { values } = parseArgs({ options: { email: { type: 'string' }, plan: { type: 'string', default: 'signal' }, password: { type: 'string' } } });
const email = values.email?.trim();
if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
  console.error(
    'usage: npm run --silent account:create -- --email you@example.com [--plan signal|agents] [--password <password>] (or HOLDLINE_ACCOUNT_PASSWORD=<password>)',
  );
  process.exit(2);
}
if (!isPlanId(values.plan)) {
  console.error(`unknown plan "${values.plan}": choose signal or agents`);
  process.exit(2);
}
// An empty variable counts as unset, so `HOLDLINE_ACCOUNT_PASSWORD= npm run …` makes an account without a password.
const password = values.password ?? (process.env.HOLDLINE_ACCOUNT_PASSWORD || undefined);
if (password !== undefined && !passwordMeetsRule(password)) {
  console.error(`the password must be ${PASSWORD_RULE} long; nothing was created`);
  process.exit(2);
}
const config = loadConfig();
const mongo = await connectMongo(config.mongodbUri, { ferretdbSqliteDir: config.ferretdbSqliteDir });
try {
  // Hashed before the account exists, so the account is made with its password in one insert.
  const passwordHash = password === undefined ? undefined : await new SessionsStore(mongo.db).hashNewPassword(password);
  const { account, apiKey } = await new AccountsStore(mongo.db).create({ email, plan: values.plan, ...(passwordHash ? { passwordHash } : {}) });
  console.log(JSON.stringify({ account_id: account._id, email: account.email, plan: account.plan, api_key: apiKey, password_set: passwordHash !== undefined }));
  if (!passwordHash) {
    const api = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`;
    console.error(
      `No website password yet. To sign in at ${api}/signin, set one with the key (KEY=the api_key above):\n` +
        `curl -X PUT -H "Authorization: Bearer $KEY" -H 'content-type: application/json' -d '{"password":"<${PASSWORD_RULE}>"}' ${api}/v1/account/password`,
    );
  }
} catch (error) {
  // A taken email is the store's EmailTakenError, whose message names it.
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await mongo.close();
}
