// Makes sure GET /v1/demo has a real scan to serve: on first start, scans the
// bundled sample video through the public API under a system account and puts
// the finished scan in the public library.
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
    const library = new LibraryStore(mongo.db);
    if (await library.newest()) return;
    const accounts = new AccountsStore(mongo.db);
    const existing = await accounts.byEmail(DEMO_EMAIL);
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
      const scan = (await (await fetch(`${options.apiUrl}/v1/scans/${body.scan_id}`, { headers: { authorization: `Bearer ${apiKey}` } })).json()) as { status: string; detail?: string };
      if (scan.status === 'complete') break;
      if (scan.status === 'error') throw new Error(`demo scan failed: ${scan.detail}`);
      if (Date.now() > deadline) throw new Error('demo scan did not finish in time');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const account = await accounts.byEmail(DEMO_EMAIL);
    await library.publish(body.scan_id, account!._id, 'Holdline sample');
    log(`demo: ${body.scan_id} published; GET /v1/demo serves it`);
  } finally {
    await mongo.close();
  }
}
