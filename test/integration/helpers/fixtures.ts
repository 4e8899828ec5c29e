import { makeFixtures } from '../../../tooling/fixtures/make';
import type { FixtureTruth } from '../../../tooling/fixtures/truth';

export interface Fixture {
  path: string;
  truth: FixtureTruth;
}

/** A generated fixture and the truth it was made from (made on demand, cached by generator hash). */
export async function fixture(name: string): Promise<Fixture> {
  const [built] = await makeFixtures({ only: [name], log: () => undefined });
  if (!built) throw new Error(`no fixture named ${name}`);
  return { path: built.path, truth: built.truth };
}
