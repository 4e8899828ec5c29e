/**
 * A scripted OpenAI-compatible transcription server on loopback: the test
 * double for a Whisper server (no weights exist here). It answers
 * `POST /v1/audio/transcriptions` (multipart) from a responder function that
 * sees the parsed form, with a verbose_json body, an error status, a delay
 * or a dropped connection, and records every request.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface TranscriptionRequest {
  n: number;
  path: string;
  headers: IncomingMessage['headers'];
  /** Text fields of the form; repeated names keep every value. */
  fields: Record<string, string[]>;
  /** The uploaded file's name and bytes. */
  fileName: string | null;
  file: Buffer | null;
}

export interface TranscriptionReply {
  /** Default 200. */
  status?: number;
  /** Default `{task, language, duration, text, words}` from `words`; a string is sent as is. */
  body?: object | string;
  words?: Array<{ word: string; start: number; end: number }>;
  delayMs?: number;
  /** Destroy the socket without answering. */
  dropConnection?: boolean;
}

export interface ScriptedTranscriptionServer {
  url: string;
  port: number;
  requests: TranscriptionRequest[];
  respond(responder: (request: TranscriptionRequest) => TranscriptionReply | Promise<TranscriptionReply>): void;
  close(): Promise<void>;
}

/** Starts the server on 127.0.0.1 (`port` 0 picks a free one); `url` is the API base (`…/v1`). */
export async function startScriptedTranscriptionServer(port = 0): Promise<ScriptedTranscriptionServer> {
  const requests: TranscriptionRequest[] = [];
  const sockets = new Set<Socket>();
  let responder: (request: TranscriptionRequest) => TranscriptionReply | Promise<TranscriptionReply> = () => ({ words: [] });

  const server = createServer(
    (req, res) =>
      void handle(req, res).catch((error) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: String(error) } }));
      }),
  );
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    // The platform's own multipart parser reads the form as a server would.
    const form = await new Request('http://scripted/', {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? '' },
      body: Buffer.concat(chunks),
    }).formData();
    const fields: Record<string, string[]> = {};
    let fileName: string | null = null;
    let file: Buffer | null = null;
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') (fields[name] ??= []).push(value);
      else {
        fileName = value.name;
        file = Buffer.from(await value.arrayBuffer());
      }
    }
    const request: TranscriptionRequest = { n: requests.length + 1, path: req.url, headers: req.headers, fields, fileName, file };
    requests.push(request);
    const reply = await responder(request);
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (reply.dropConnection) {
      req.socket.destroy();
      return;
    }
    const words = reply.words ?? [];
    const body = reply.body ?? {
      task: 'transcribe',
      language: 'english',
      duration: file ? Math.max(0, file.length - 44) / 32_000 : 0,
      text: words.map((w) => w.word).join(' '),
      words,
    };
    const status = reply.status ?? 200;
    res.writeHead(status, { 'content-type': 'application/json' }).end(typeof body === 'string' ? body : JSON.stringify(body));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}/v1`,
    port: actual,
    requests,
    respond(next) {
      responder = next;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
