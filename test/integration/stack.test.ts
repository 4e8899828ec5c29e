import { Connection } from '@temporalio/client';
import { MongoClient } from 'mongodb';
import { connect } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../tooling/stack/ports';
import { startStack } from '../../tooling/stack/start';
import { getStackEnv } from './helpers/stack-env';
import { isAlive } from './helpers/processes';

function portAccepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('test stack', () => {
  it('serves MongoDB that answers ping', async () => {
    const client = new MongoClient(getStackEnv().mongodbUri, { serverSelectionTimeoutMS: 5000 });
    try {
      await client.connect();
      const reply = await client.db('admin').command({ ping: 1 });
      expect(reply.ok).toBe(1);
    } finally {
      await client.close();
    }
  });

  it('serves a Temporal frontend that reports its system info and the default namespace', async () => {
    const connection = await Connection.connect({ address: getStackEnv().temporalAddress });
    try {
      const info = await connection.workflowService.getSystemInfo({});
      expect(info.serverVersion).toMatch(/^1\.\d+\.\d+/);
      const ns = await connection.workflowService.describeNamespace({ namespace: 'default' });
      expect(ns.namespaceInfo?.name).toBe('default');
    } finally {
      await connection.close();
    }
  });

  it('uses a running Temporal instead of starting one and leaves no process or port behind on stop', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'holdline-stack-test-'));
    const mongoPort = await freePort();
    const { temporalAddress } = getStackEnv();
    try {
      const stack = await startStack({
        dataDir,
        mongoPort,
        externalEnv: { TEMPORAL_ADDRESS: temporalAddress },
        handleSignals: false,
      });
      expect(stack.temporalAddress).toBe(temporalAddress);
      expect(stack.mongodbUri).toBe(`mongodb://127.0.0.1:${mongoPort}/holdline`);
      expect(await portAccepts(mongoPort)).toBe(true);
      const pid = Number(readFileSync(join(dataDir, 'pids', 'ferretdb.pid'), 'utf8').split('\n')[0]);
      expect(isAlive(pid)).toBe(true);

      await stack.stop();
      expect(isAlive(pid)).toBe(false);
      expect(await portAccepts(mongoPort)).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("restarts each of two workers as itself: the restarted first worker keeps the first's log and pid file", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'holdline-stack-test-'));
    const { temporalAddress, mongodbUri } = getStackEnv();
    const stack = await startStack({
      dataDir,
      externalEnv: { TEMPORAL_ADDRESS: temporalAddress, MONGODB_URI: mongodbUri },
      taskQueuePrefix: `stack-${process.pid}`,
      handleSignals: false,
    });
    try {
      const first = await stack.startWorker();
      const second = await stack.startWorker();
      expect([first.logFile, second.logFile]).toEqual([join(dataDir, 'logs', 'worker.log'), join(dataDir, 'logs', 'worker-2.log')]);
      const restarted = await stack.restart(first);
      expect(restarted.pid).not.toBe(first.pid);
      expect(restarted.logFile).toBe(first.logFile);
      expect(readFileSync(join(dataDir, 'pids', 'worker-1.pid'), 'utf8').split('\n')[0]).toBe(String(restarted.pid));
      expect(readFileSync(join(dataDir, 'pids', 'worker-2.pid'), 'utf8').split('\n')[0]).toBe(String(second.pid));
      expect(stack.isCurrent(second)).toBe(true);
    } finally {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
