#!/usr/bin/env node
// The `holdline` bin: the TypeScript sources run through tsx (a dependency),
// so a clone needs no build step (`npx holdline …`).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./main.ts');
await main(process.argv);
