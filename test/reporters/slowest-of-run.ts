// `npm test`'s closing list: the ten slowest test files of both vitest lanes together,
// read from the times each lane's reporter wrote (HOLDLINE_FILE_TIMES, slowest-files.ts).
// Usage: node --import tsx test/reporters/slowest-of-run.ts LANE1.json LANE2.json …
// A lane that wrote nothing (stopped early) is left out and named.
import { existsSync, readFileSync } from 'node:fs';
import { formatSlowest, type FileTime } from './slowest-files';

const times: FileTime[] = [];
for (const path of process.argv.slice(2)) {
  if (!existsSync(path)) {
    console.log(`(no file times from ${path}: that lane ended before its reporter wrote them)`);
    continue;
  }
  times.push(...(JSON.parse(readFileSync(path, 'utf8')) as FileTime[]));
}
for (const line of formatSlowest(times, 10)) console.log(line);
