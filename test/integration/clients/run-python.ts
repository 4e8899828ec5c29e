import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT } from '../../../tooling/repo-root';

/** The Python of the clients' test environment (scripts/install-pyclients.sh, run by the bootstrap). */
export const PYCLIENTS_PYTHON = join(REPO_ROOT, '.tools', 'pyclients', 'venv', 'bin', 'python');

export interface PythonRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the clients' Python with `args`, without blocking this process: the service the
 * Python talks to runs in it. Only the environment given (and PATH, HOME) is passed, so
 * a stray PYTHONPATH or proxy setting of the machine does not change what is tested.
 */
export function runPython(args: string[], env: Record<string, string>, cwd = REPO_ROOT): Promise<PythonRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(PYCLIENTS_PYTHON, args, {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PYTHONDONTWRITEBYTECODE: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface TestCaseResult {
  /** `file::Class::name` as pytest names it (the class part only when there is one). */
  id: string;
  outcome: 'passed' | 'failed' | 'error' | 'skipped';
  message: string;
}

const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Every test case of a pytest `--junitxml` report with its outcome. */
export async function junitCases(path: string): Promise<TestCaseResult[]> {
  const xml = await readFile(path, 'utf8');
  const cases: TestCaseResult[] = [];
  for (const match of xml.matchAll(/<testcase\b([^>]*?)(\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const attrs = Object.fromEntries([...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((a) => [a[1]!, unescape(a[2]!)]));
    const body = match[3] ?? '';
    const child = /<(failure|error|skipped)\b(?:[^>]*?message="([^"]*)")?/.exec(body);
    const kind = child?.[1];
    const outcome = kind === 'failure' ? 'failed' : kind === 'error' ? 'error' : kind === 'skipped' ? 'skipped' : 'passed';
    cases.push({ id: `${attrs.classname}::${attrs.name}`, outcome, message: child?.[2] ? unescape(child[2]) : '' });
  }
  return cases;
}
