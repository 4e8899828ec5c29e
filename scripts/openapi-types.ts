// `npm run openapi:types`: writes the TypeScript types of the OpenAPI document
// (openapi-typescript) to clients/js/src/openapi.d.ts (the client package types
// its calls with them) and the Python SDK's types.py (scripts/python-types.ts),
// from the routes as registered (no store or Temporal is reached). The
// integration test test/integration/openapi/client.test.ts fails when the
// TypeScript file is stale, test/unit/clients/python-types.test.ts when the Python one is.
import { writeFile } from 'node:fs/promises';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildApp } from '../api/app';
import type { AppDeps } from '../services/ports';
import { loadConfig } from '../config/env';
import { PYTHON_TYPES_PATH, pythonTypes } from './python-types';

export const API_TYPES_PATH = new URL('../clients/js/src/openapi.d.ts', import.meta.url);

/** The document's types as openapi-typescript writes them, with a header saying where they come from. */
export async function apiTypes(document: object): Promise<string> {
  const body = astToString(await openapiTS(document as never));
  return `// Generated from /openapi.json by \`npm run openapi:types\` (openapi-typescript); do not edit.\n${body}`;
}

/** The document of the routes as registered: the app is built over deps that refuse any use. */
export async function currentDocument(): Promise<object> {
  const config = loadConfig({ HOLDLINE_MEDIA_DIR: '/nonexistent-openapi-types' });
  const deps = new Proxy({ config } as AppDeps, {
    get: (target, key) => {
      if (key in target) return target[key as keyof AppDeps];
      if (key === 'then') return undefined;
      return new Proxy(
        {},
        {
          get: () => () => {
            throw new Error(`openapi:types reached deps.${String(key)}`);
          },
        },
      );
    },
  });
  const app = await buildApp(deps);
  try {
    await app.ready();
    return app.swagger() as object;
  } finally {
    await app.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const document = await currentDocument();
  await writeFile(API_TYPES_PATH, await apiTypes(document));
  console.log(`wrote ${API_TYPES_PATH.pathname}`);
  await writeFile(PYTHON_TYPES_PATH, pythonTypes(document));
  console.log(`wrote ${PYTHON_TYPES_PATH.pathname}`);
}
