// Times htmlToText on 2 MiB hostile pages and on 1 MiB of each, to show the cost grows
// linearly (about twice the time for twice the input). `node --import tsx bench/html-text.ts`
import { htmlToText } from '../core/chat/html-text';

const pages: Record<string, (bytes: number) => string> = {
  'a-runs': (b) => '<a'.repeat(b / 2),
  unclosed: (b) => '<div><p><span><b>x'.repeat(Math.floor(b / 18)),
  whitespace: (b) => `<pre>${' '.repeat(b / 2)}x${'\n'.repeat(b / 2)}</pre>`,
  nesting: (b) => `${'<div><svg>'.repeat(Math.floor(b / 20))}x${'</div>'.repeat(Math.floor(b / 20))}`,
  attribute: (b) => `<p title="${'x'.repeat(b)}">after</p>`,
  'lone-lt': (b) => '< '.repeat(b / 2),
  links: (b) => '<a href="/x">y</a> '.repeat(Math.floor(b / 19)),
};

for (const [name, make] of Object.entries(pages)) {
  const times = [1, 2].map((mib) => {
    const html = make(mib * 1024 * 1024);
    const start = performance.now();
    htmlToText(html, { baseUrl: 'https://example.org/' });
    return performance.now() - start;
  });
  console.log(`${name.padEnd(12)} 1 MiB ${times[0]!.toFixed(0).padStart(5)} ms   2 MiB ${times[1]!.toFixed(0).padStart(5)} ms`);
}
