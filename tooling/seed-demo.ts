// Makes sure GET /v1/demo has a real scan to serve: on first start, scans the
// bundled sample video through the public API under a system account and
// features the finished scan (which also puts it in the public library).
import { openAsBlob } from 'node:fs';
import { connectMongo } from '../store/mongo';
import { AccountsStore } from '../store/accounts';
import { LibraryStore } from '../store/library';

const DEMO_EMAIL = 'demo@holdline.local';

export interface SeedDemoOptions {
  apiUrl: string;
  mongodbUri: string;
  videoPath: string;
  log?: (line: string) => void;
  timeoutMs?: number;
}

export async function seedDemo(options: SeedDemoOptions): Promise<void> {
  const log = options.log ?? console.log;
  const mongo = await connectMongo(options.mongodbUri);
  try {
    const scans = mongo.db.collection('scans');
    const library = new LibraryStore(mongo.db);
    // An operator's choice (npm run demo:feature) is kept.
    if (await library.featured()) return;
    const accounts = new AccountsStore(mongo.db);
    const existing = await accounts.byEmail(DEMO_EMAIL);
    // A sample scanned by an earlier start (before featuring existed) is featured instead of scanned again.
    const earlier = existing ? await scans.findOne({ account_id: existing._id, status: 'complete' }, { sort: { created_at: -1 } }) : null;
    if (earlier) {
      await library.feature(String(earlier._id));
      log(`demo: ${String(earlier._id)} featured; GET /v1/demo serves it`);
      return;
    }
    const apiKey = existing ? await accounts.rotateKey(existing._id) : (await accounts.create({ email: DEMO_EMAIL, plan: 'agents' })).apiKey;
    const form = new FormData();
    form.append('title', 'Holdline sample');
    form.append('file', await openAsBlob(options.videoPath), 'sample.mp4');
    const submitted = await fetch(`${options.apiUrl}/v1/scans`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}` }, body: form });
    const body = (await submitted.json()) as { scan_id?: string; detail?: string };
    if (!submitted.ok || !body.scan_id) throw new Error(`demo scan refused: ${submitted.status} ${body.detail ?? ''}`);
    log(`demo: scanning the sample video as ${body.scan_id}`);
    const deadline = Date.now() + (options.timeoutMs ?? 10 * 60_000);
    for (;;) {
      const scan = (await (await fetch(`${options.apiUrl}/v1/scans/${body.scan_id}`, { headers: { authorization: `Bearer ${apiKey}` } })).json()) as {
        status: string;
        detail?: string;
      };
      if (scan.status === 'complete') break;
      if (scan.status === 'error') throw new Error(`demo scan failed: ${scan.detail}`);
      if (Date.now() > deadline) throw new Error('demo scan did not finish in time');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    if ((await library.feature(body.scan_id)) !== 'featured') throw new Error(`demo scan ${body.scan_id} could not be featured`);
    log(`demo: ${body.scan_id} featured and published; GET /v1/demo serves it`);
  } finally {
    await mongo.close();
  }
}
