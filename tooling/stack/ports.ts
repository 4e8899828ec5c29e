// Choosing the ports a stack's servers listen on: a free one when none is given,
// and whether something already answers on one.

import { createServer, connect as tcpConnect } from 'node:net';
import { StackError } from './stack-error';

const handedOutPorts = new Set<number>();

/** A TCP port that is free on 127.0.0.1 now and was not handed out before by this process. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await new Promise<number>((resolvePort, reject) => {
      const server = createServer();
      server.unref();
      server.once('error', reject);
      server.listen({ host: '127.0.0.1', port: 0, exclusive: true }, () => {
        const address = server.address();
        const p = typeof address === 'object' && address ? address.port : 0;
        server.close(() => resolvePort(p));
      });
    });
    if (port > 0 && !handedOutPorts.has(port)) {
      handedOutPorts.add(port);
      return port;
    }
  }
  throw new StackError('could not find a free TCP port');
}

export async function portOrFree(port: number | undefined): Promise<number> {
  return port && port > 0 ? port : freePort();
}

export function canConnect(port: number, host = '127.0.0.1', timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolveConnect) => {
    const socket = tcpConnect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolveConnect(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
