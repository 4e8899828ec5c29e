// One chat call's folder, kept in MongoDB so any worker can serve the next tool call
// (a worker restart mid-call loses nothing). Files are UTF-8 text documents keyed by
// `<call_id>:<path>`; a Temporal schedule sweeps them with `deleteOlderThan`.

import type { Collection, Db } from 'mongodb';
import { DEFAULT_SANDBOX_LIMITS, formatBytes, normaliseCallPath, type SandboxLimits } from '../../core/chat/tools';
import { SandboxError } from './errors';

export { SandboxError } from './errors';

export const CALL_FILES_COLLECTION = 'call_files';

export interface CallFileDoc {
  _id: string;
  call_id: string;
  path: string;
  content: string;
  /** UTF-8 bytes of `content`. */
  size: number;
  created_at: Date;
  updated_at: Date;
}

export interface CallFileInfo {
  path: string;
  size: number;
  updatedAt: Date;
}

const CALL_ID = /^[A-Za-z0-9_-]{1,64}$/;

export class CallFiles {
  readonly limits: SandboxLimits;
  private readonly collection: Collection<CallFileDoc>;
  private indexes: Promise<void> | undefined;

  constructor(db: Db, limits: Partial<SandboxLimits> = {}) {
    this.limits = { ...DEFAULT_SANDBOX_LIMITS, ...limits };
    this.collection = db.collection<CallFileDoc>(CALL_FILES_COLLECTION);
  }

  /** Creates the indexes once per process; every method awaits it, so calling it is optional. */
  ensureIndexes(): Promise<void> {
    this.indexes ??= (async () => {
      await this.collection.createIndex({ call_id: 1 });
      await this.collection.createIndex({ created_at: 1 });
    })().catch((error: unknown) => {
      this.indexes = undefined;
      throw error;
    });
    return this.indexes;
  }

  /**
   * Creates or replaces a file. The caps are checked against the call's current files and
   * then the file is written with one single-document upsert (FerretDB v1 has no
   * transactions). Two writes of *new* files racing for the last free slot could both pass
   * the count check and leave the call one file over its cap; the model loop runs a call's
   * tools one after another, so this needs a misbehaving client and costs one file.
   */
  async write(callId: string, path: string, content: string): Promise<{ path: string; size: number; created: boolean }> {
    checkCallId(callId);
    const normal = this.normalise(path);
    const size = Buffer.byteLength(content, 'utf8');
    if (size > this.limits.maxFileBytes) {
      throw new SandboxError('file_too_large', `${normal} is ${size} bytes; a file may hold at most ${formatBytes(this.limits.maxFileBytes)}`);
    }
    await this.ensureIndexes();
    const existing = await this.collection.find({ call_id: callId }, { projection: { _id: 0, path: 1, size: 1 } }).toArray();
    const previous = existing.find((f) => f.path === normal);
    if (!previous && existing.length >= this.limits.maxFiles) {
      throw new SandboxError('too_many_files', `the folder already holds ${existing.length} files, the most allowed; overwrite one instead`);
    }
    const total = existing.reduce((sum, f) => sum + f.size, 0) - (previous?.size ?? 0) + size;
    if (total > this.limits.maxCallBytes) {
      throw new SandboxError(
        'quota',
        `writing ${normal} would bring the folder to ${total} bytes; the folder may hold at most ${formatBytes(this.limits.maxCallBytes)}`,
      );
    }
    const now = new Date();
    await this.collection.updateOne(
      { _id: fileId(callId, normal) },
      { $set: { call_id: callId, path: normal, content, size, updated_at: now }, $setOnInsert: { created_at: now } },
      { upsert: true },
    );
    return { path: normal, size, created: !previous };
  }

  async read(callId: string, path: string): Promise<string> {
    checkCallId(callId);
    const normal = this.normalise(path);
    await this.ensureIndexes();
    const doc = await this.collection.findOne({ _id: fileId(callId, normal) }, { projection: { content: 1 } });
    if (!doc) throw new SandboxError('not_found', `no file ${normal} in the folder`);
    return doc.content;
  }

  /** The call's files sorted by path. */
  async list(callId: string): Promise<CallFileInfo[]> {
    checkCallId(callId);
    await this.ensureIndexes();
    const docs = await this.collection.find({ call_id: callId }, { projection: { _id: 0, path: 1, size: 1, updated_at: 1 } }).toArray();
    return docs.map((d) => ({ path: d.path, size: d.size, updatedAt: d.updated_at })).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  /** Every file of the call with its content (at most `maxCallBytes` in all). */
  async readAll(callId: string): Promise<Record<string, string>> {
    checkCallId(callId);
    await this.ensureIndexes();
    const docs = await this.collection.find({ call_id: callId }, { projection: { _id: 0, path: 1, content: 1 } }).toArray();
    const files: Record<string, string> = {};
    for (const d of docs) files[d.path] = d.content;
    return files;
  }

  /** Deletes the call's folder; returns the number of files removed. */
  async deleteCall(callId: string): Promise<number> {
    checkCallId(callId);
    const result = await this.collection.deleteMany({ call_id: callId });
    return result.deletedCount;
  }

  /** Deletes every file created before `date`; returns the number removed. */
  async deleteOlderThan(date: Date): Promise<number> {
    await this.ensureIndexes();
    const result = await this.collection.deleteMany({ created_at: { $lt: date } });
    return result.deletedCount;
  }

  private normalise(path: string): string {
    const result = normaliseCallPath(path, this.limits.maxPathLength);
    if (!result.ok) throw new SandboxError('bad_path', `bad path: ${result.reason}`);
    return result.path;
  }
}

function fileId(callId: string, path: string): string {
  return `${callId}:${path}`;
}

/** Call ids come from our own code, never from the model: a bad one is a programming error. */
function checkCallId(callId: string): void {
  if (!CALL_ID.test(callId)) throw new Error(`invalid call id ${JSON.stringify(callId)}`);
}
