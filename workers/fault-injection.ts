// Test-only: lets the fault suite make an activity kill its own worker, the way
// a poisoned input that crashes ffmpeg bindings or exhausts memory would.
// Active only when HOLDLINE_TEST_POISON_FILE names a file; production never sets it.
// Each line of that file is `<activityType|*> <workflowId|*>`; an activity whose
// type and workflow id match a line ends its worker with SIGKILL as it starts, after
// adding a line to `<file>.kills` (the suite counts kills there: a worker killed before
// the supervisor saw it ready is no restart, but it is a kill).

import { Context } from '@temporalio/activity';
import { appendFileSync, readFileSync } from 'node:fs';

type Activities = Record<string, (...args: never[]) => Promise<unknown>>;

function poisoned(file: string, activityType: string, workflowId: string): boolean {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  return text.split('\n').some((line) => {
    const [type, id] = line.trim().split(/\s+/);
    if (!type || !id) return false;
    return (type === '*' || type === activityType) && (id === '*' || id === workflowId);
  });
}

/** The activities unchanged, unless the test-only poison file is configured. */
export function withPoisonHook<T extends Activities>(activities: T, file: string | undefined = process.env.HOLDLINE_TEST_POISON_FILE): T {
  if (!file) return activities;
  console.warn(`worker: test-only poison hook active (${file})`);
  const wrapped: Record<string, unknown> = {};
  for (const [name, fn] of Object.entries(activities)) {
    wrapped[name] = (...args: never[]) => {
      const info = Context.current().info;
      const workflowId = info.workflowExecution?.workflowId ?? '';
      if (poisoned(file, info.activityType, workflowId)) {
        appendFileSync(`${file}.kills`, `${info.activityType} ${workflowId} ${process.pid}\n`);
        process.kill(process.pid, 'SIGKILL');
      }
      return fn(...args);
    };
  }
  return wrapped as T;
}
