import { Client, Connection } from '@temporalio/client';
import type { FastifyInstance } from 'fastify';
import type { HoldlineConfig } from '../config/env';
import { connectMongo, type Mongo } from '../store/mongo';
import { buildApp, type BuildAppOptions } from './app';
import { createAppDeps, type LiveAppDeps } from './deps';

export interface StartedApi {
  app: FastifyInstance;
  deps: LiveAppDeps;
  mongo: Mongo;
  temporal: Client;
  /** Closes the Temporal connection and MongoDB (the app itself is closed by its owner first). */
  disconnect(): Promise<void>;
}

/**
 * The API's start-up wiring, for the server (api/server.ts) and the in-process
 * service of tests and benchmarks alike: MongoDB, the Temporal client, the
 * dependencies and the app. It does not listen.
 */
export async function startApi(config: HoldlineConfig, options: BuildAppOptions = {}): Promise<StartedApi> {
  const mongo = await connectMongo(config.mongodbUri, { ferretdbSqliteDir: config.ferretdbSqliteDir });
  const connection = await Connection.connect({ address: config.temporalAddress });
  const temporal = new Client({ connection, namespace: config.temporalNamespace });
  const deps = createAppDeps({ config, db: mongo.db, temporal });
  const app = await buildApp(deps, options);
  return {
    app,
    deps,
    mongo,
    temporal,
    async disconnect() {
      await connection.close().catch(() => undefined);
      await mongo.close().catch(() => undefined);
    },
  };
}
