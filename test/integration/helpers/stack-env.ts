import { inject } from 'vitest';
import type { ProvidedStack } from '../../global-setup';

/** Addresses of the Temporal dev server and FerretDB that `test/global-setup.ts` started for this run. */
export function getStackEnv(): ProvidedStack {
  const stack = inject('stack');
  if (!stack) {
    throw new Error(
      'no test stack: integration tests need the Temporal and MongoDB servers that test/global-setup.ts starts ' +
        '(the integration project of vitest.config.ts starts them, unless HOLDLINE_TEST_STACK=0)',
    );
  }
  return stack;
}
