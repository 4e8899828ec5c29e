// `holdline chat TASK`: the agents through the OpenAI-compatible interface; their
// reasoning streams dimmed on stderr, the answer on stdout.

import type { Command } from 'commander';
import type OpenAIClient from 'openai';
import { CliError, type Cli, type Run } from '../context';
import { EXIT, type ExitCode } from '../format';
import { terminalSafe } from '../terminal-text';

export function addChat(program: Command, run: Run): void {
  program
    .command('chat')
    .description('ask the agents; their progress streams dimmed on stderr, then the answer on stdout')
    .argument('<task>')
    .option('--model <id>', 'model id (default: the first of GET /v1/models)')
    .action((task: string, options: { model?: string }) => run((cli) => chatCommand(cli, task, options)));
}

export async function chatCommand(cli: Cli, task: string, options: { model?: string }): Promise<ExitCode> {
  const { baseUrl, apiKey } = await cli.connect({ needKey: true });
  // The official client reads the OpenAI-compatible stream; retries are left to the user.
  // Loaded here, not at the top: no other command needs the client's modules (model-client.ts).
  const { OpenAI, fromModelError } = await import('../model-client');
  try {
    return await chatWith(cli, new OpenAI({ baseURL: `${baseUrl}/v1`, apiKey, maxRetries: 0, timeout: 30 * 60 * 1000 }), task, options);
  } catch (error) {
    throw fromModelError(error);
  }
}

async function chatWith(cli: Cli, openai: OpenAIClient, task: string, options: { model?: string }): Promise<ExitCode> {
  const model = options.model ?? (await openai.models.list()).data[0]?.id;
  if (!model) throw new CliError(EXIT.unreachable, 'the service offers no chat model');
  const messages = [{ role: 'user' as const, content: task }];
  if (cli.json) {
    cli.printJson(await openai.chat.completions.create({ model, messages }));
    return EXIT.ok;
  }
  const stream = await openai.chat.completions.create({ model, messages, stream: true });
  let answered = false;
  for await (const chunk of stream) {
    const delta = chunk.choices[0]?.delta as { content?: string | null; reasoning_content?: string } | undefined;
    if (delta?.reasoning_content) cli.stderr.write(cli.errStyle.dim(terminalSafe(delta.reasoning_content)));
    if (delta?.content) {
      cli.stdout.write(terminalSafe(delta.content));
      answered = true;
    }
  }
  if (answered) cli.out();
  return EXIT.ok;
}
