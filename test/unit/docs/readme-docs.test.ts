// The README stays a front page (what Holdline is, the two set-up commands, a quick
// start, links) and the rest lives in docs/: every relative link between them must
// reach a file that exists and, with a #fragment, a heading in it, so a section moved
// or renamed in one file cannot leave a dead link in another.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const README = join(ROOT, 'README.md');
const DOCS = join(ROOT, 'docs');

function markdownFiles(): string[] {
  return [
    README,
    ...readdirSync(DOCS)
      .filter((f) => f.endsWith('.md'))
      .sort()
      .map((f) => join(DOCS, f)),
  ];
}

/** The anchors GitHub gives a file's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of withoutFences(markdown).split('\n')) {
    const heading = /^#{1,6} (.*)$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = heading
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

function withoutFences(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
}

/** The text without code, fenced or inline, so `[text](url)` shown as code is not a link. */
function withoutCode(markdown: string): string {
  return withoutFences(markdown).replace(/`[^`\n]*`/g, '');
}

function relativeLinks(markdown: string): string[] {
  return [...withoutCode(markdown).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '').filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t));
}

describe('README and docs/', () => {
  it('keeps exactly the two set-up commands under the Set-up heading', () => {
    const readme = readFileSync(README, 'utf8');
    const section = /^## Set-up: the two commands\n\n```sh\n([\s\S]*?)```/m.exec(readme)?.[1];
    expect(section).toBeDefined();
    const commands = (section ?? '')
      .trim()
      .split('\n')
      .map((line) => line.replace(/#.*$/, '').trim());
    expect(commands).toEqual(['npm run up', 'npm test']);
  });

  it('links every docs file from the README', () => {
    const linked = new Set(relativeLinks(readFileSync(README, 'utf8')).map((t) => t.split('#')[0]));
    const unlinked = readdirSync(DOCS).filter((f) => f.endsWith('.md') && !linked.has(`docs/${f}`));
    expect(unlinked).toEqual([]);
  });

  it('has no relative link to a missing file or heading', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of markdownFiles()) {
      for (const target of relativeLinks(readFileSync(file, 'utf8'))) {
        checked += 1;
        const [path = '', fragment] = target.split('#');
        const targetFile = path === '' ? file : resolve(dirname(file), path);
        const where = `${file.slice(ROOT.length + 1)} → ${target}`;
        if (!existsSync(targetFile)) broken.push(`${where}: no such file`);
        else if (fragment !== undefined && targetFile.endsWith('.md') && !headingAnchors(readFileSync(targetFile, 'utf8')).has(fragment)) {
          broken.push(`${where}: no such heading`);
        }
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });

  it('reads headings as GitHub anchors them', () => {
    expect([...headingAnchors('# A\n## The ear (local speech-to-text)\n## The `holdline` command\n## A\n```\n# not a heading\n```\n')]).toEqual([
      'a',
      'the-ear-local-speech-to-text',
      'the-holdline-command',
      'a-1',
    ]);
  });
});
