import type { Client } from '@temporalio/client';
import type { Db } from 'mongodb';
import type { HoldlineConfig } from '../config/env';
import { AccountsStore } from '../store/accounts';
import { createMediaStore, type MediaStore } from '../store/media';
import { ScansStore } from '../store/scans';
import { RateLimiter, UsageStore } from '../store/usage';

/** Everything the HTTP layer needs, built once by server.ts (or by a test). */
export interface AppDeps {
  config: HoldlineConfig;
  db: Db;
  temporal: Client;
  accounts: AccountsStore;
  scans: ScansStore;
  media: MediaStore;
  usage: UsageStore;
  rateLimiter: RateLimiter;
  /** The clock, so month boundaries and rate windows are testable. */
  now: () => Date;
}

export function createAppDeps(input: { config: HoldlineConfig; db: Db; temporal: Client; now?: () => Date }): AppDeps {
  const { db } = input;
  return {
    config: input.config,
    db,
    temporal: input.temporal,
    accounts: new AccountsStore(db),
    scans: new ScansStore(db),
    media: createMediaStore(input.config.mediaStore),
    usage: new UsageStore(db),
    rateLimiter: new RateLimiter(db),
    now: input.now ?? (() => new Date()),
  };
}
