// The load benchmark's server process: the Holdline API (over the benchmark's
// FerretDB, with Temporal connected lazily: the routes measured never start a
// workflow) and a bare Fastify route, on free ports, in one process so they
// share one event loop and one core budget as a comparison. Prints one JSON
// line {api, bare} and runs until killed.
import { Client, Connection } from '@temporalio/client';
import Fastify from 'fastify';
import { loadConfig } from '../config/env';
import { buildApp } from '../api/app';
import { createAppDeps } from '../api/deps';
import { connectMongo } from '../store/mongo';

const config = loadConfig({ ...process.env, PORT: '0' });
const mongo = await connectMongo(config.mongodbUri, { ferretdbSqliteDir: config.ferretdbSqliteDir });
const temporal = new Client({ connection: Connection.lazy({ address: config.temporalAddress }), namespace: config.temporalNamespace });
const app = await buildApp(createAppDeps({ config, db: mongo.db, temporal }));
await app.listen({ port: 0, host: '127.0.0.1' });
const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ scan_id: 'scn_000000000000000000000000', status: 'processing', pct: 40 }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const port = (server: { server: { address(): unknown } }) => (server.server.address() as { port: number }).port;
process.stdout.write(`${JSON.stringify({ api: `http://127.0.0.1:${port(app)}`, bare: `http://127.0.0.1:${port(bare)}` })}\n`);
