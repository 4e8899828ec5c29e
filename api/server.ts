import { Client, Connection } from '@temporalio/client';
import { loadConfig } from '../config/env';
import { connectMongo } from '../store/mongo';
import { buildApp } from './app';
import { createAppDeps } from './deps';

const config = loadConfig();
const mongo = await connectMongo(config.mongodbUri, { ferretdbSqliteDir: config.ferretdbSqliteDir });
const connection = await Connection.connect({ address: config.temporalAddress });
const temporal = new Client({ connection, namespace: config.temporalNamespace });
const app = await buildApp(createAppDeps({ config, db: mongo.db, temporal }), {
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
});

let closing = false;
async function close() {
  if (closing) return;
  closing = true;
  await app.close();
  await connection.close();
  await mongo.close();
}
process.once('SIGINT', () => void close());
process.once('SIGTERM', () => void close());

await app.listen({ port: config.port, host: config.host });
