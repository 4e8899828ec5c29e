// `npm run demo:feature -- <scan_id>`: makes a complete scan the one GET /v1/demo
// serves (and publishes it). Only an operator with database access can do this.
import { loadConfig } from '../config/env';
import { LibraryStore } from '../store/library';
import { connectMongo } from '../store/mongo';

const scanId = process.argv[2];
if (!scanId || !/^scn_[0-9A-Za-z]+$/.test(scanId)) {
  console.error('usage: npm run demo:feature -- <scan_id>   (for example scn_…)');
  process.exit(2);
}

const config = loadConfig();
const mongo = await connectMongo(config.mongodbUri);
try {
  const outcome = await new LibraryStore(mongo.db).feature(scanId);
  if (outcome === 'featured') console.log(`demo: ${scanId} is featured; GET /v1/demo serves it`);
  else {
    console.error(outcome === 'not_found' ? `demo: no scan ${scanId}` : `demo: ${scanId} is not complete; only a complete scan can be featured`);
    process.exitCode = 1;
  }
} finally {
  await mongo.close();
}
