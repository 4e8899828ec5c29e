// The official openai client and what its failures mean to the CLI. Only `holdline chat`
// loads this file (a dynamic import): the client is about 150 modules, which every other
// command would otherwise load at each start.

import OpenAI from 'openai';
import { CliError } from './context';
import { EXIT, exitCodeForStatus } from './format';

export { OpenAI };

/** A model interface failure (the openai client's) as the CLI reports it; anything else unchanged. */
export function fromModelError(error: unknown): unknown {
  if (!(error instanceof OpenAI.APIError)) return error;
  if (error instanceof OpenAI.APIConnectionError) return new CliError(EXIT.unreachable, `cannot reach Holdline: ${error.message}`);
  // The model interface's own sentence (`error.message` of its body); the client's message would lead with the bare status.
  const body = error.error as { message?: unknown } | undefined;
  const message = typeof body?.message === 'string' ? body.message : `the service answered with status ${error.status ?? 'unknown'}`;
  return new CliError(exitCodeForStatus(error.status ?? 0), `${error.status ? `${error.status}: ` : ''}${message}`);
}
