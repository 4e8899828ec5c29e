// The agents benchmark's tasks: each with an answer that can be checked from the
// reply's text. The expected values were worked out independently of the service
// (by hand or with a one-line program), never taken from what a model said.

import { numbersIn } from '../core/chat/conversation';
import { toolCallsInText } from '../core/chat/text-tool-calls';
import { SANDBOX_TOOL_NAMES } from '../core/chat/tools';

export interface AgentTask {
  id: string;
  /** What the work needs: code, string or date handling, a file written then run, a page read. */
  kind: 'number' | 'string' | 'date' | 'file' | 'page' | 'javascript';
  /** The language the task asks its program in: right only when a program in it ran and worked. */
  language?: 'javascript';
  /** The prompt; `{pages}` is replaced by the page server's base URL. */
  prompt: string;
  /** Every one of these must appear in the answer (compared without thousands separators, case-insensitively). */
  expect: string[];
}

/** Pages the `page` tasks read, served on loopback by the benchmark (allowed by HOLDLINE_ALLOW_HOSTS). */
export const PAGES: Record<string, string> = {
  '/prices.html': `<!doctype html><html><head><title>Widget prices</title></head><body>
<h1>Widget prices, autumn list</h1>
<table><tr><th>Widget</th><th>Price (EUR)</th></tr>
<tr><td>Red widget</td><td>12.40</td></tr>
<tr><td>Blue widget</td><td>17.35</td></tr>
<tr><td>Green widget</td><td>9.90</td></tr>
<tr><td>Yellow widget</td><td>21.05</td></tr></table>
<p>Prices include VAT.</p></body></html>`,
  '/cities.html': `<!doctype html><html><head><title>Where we ship</title></head><body>
<h1>Cities we ship to</h1><ul>
<li>Lisbon</li><li>Porto</li><li>Madrid</li><li>Seville</li><li>Lyon</li><li>Ghent</li><li>Utrecht</li>
</ul><p>More cities are coming next year.</p></body></html>`,
  '/rainfall.html': `<!doctype html><html><head><title>Rainfall</title></head><body>
<h1>Monthly rainfall at the station (mm)</h1>
<table><tr><th>Month</th><th>mm</th></tr>
<tr><td>January</td><td>81</td></tr><tr><td>February</td><td>64</td></tr><tr><td>March</td><td>57</td></tr>
<tr><td>April</td><td>49</td></tr><tr><td>May</td><td>38</td></tr><tr><td>June</td><td>22</td></tr></table>
</body></html>`,
  '/release.html': `<!doctype html><html><head><title>Release notes</title></head><body>
<h1>Release notes</h1><h2>Version 4.2.0</h2><p>Released on 2026-03-14. Adds offline mode and fixes the export of long timelines.</p>
<h2>Version 4.1.3</h2><p>Released on 2026-01-30. Security fixes.</p></body></html>`,
};

export const AGENT_TASKS: AgentTask[] = [
  { id: 'primes', kind: 'number', prompt: 'Sum the primes below 1000; check it by running code.', expect: ['76127'] },
  { id: 'fibonacci', kind: 'number', prompt: 'What is the 30th Fibonacci number, counting F(1) = 1 and F(2) = 1?', expect: ['832040'] },
  { id: 'modpow', kind: 'number', prompt: 'What is 2 to the power 100, modulo 97?', expect: ['16'] },
  { id: 'gcd', kind: 'number', prompt: 'What is the greatest common divisor of 462 and 1071?', expect: ['21'] },
  { id: 'digits', kind: 'number', prompt: 'What is the sum of the decimal digits of 2 to the power 50?', expect: ['76'] },
  { id: 'multiples', kind: 'number', prompt: 'What is the sum of all the integers from 1 to 1000 inclusive that are multiples of 3 or 5?', expect: ['234168'] },
  { id: 'zeros', kind: 'number', prompt: 'How many trailing zeros does 100 factorial have?', expect: ['24'] },
  {
    id: 'prime-check',
    kind: 'number',
    prompt: 'Is 1000003 a prime number? Answer yes or no, and give its smallest prime factor if it is not prime.',
    expect: ['yes'],
  },
  { id: 'binary', kind: 'string', prompt: 'Write the number 2026 in binary.', expect: ['11111101010'] },
  { id: 'roman', kind: 'string', prompt: 'Write 1994 in Roman numerals.', expect: ['MCMXCIV'] },
  { id: 'count-s', kind: 'string', prompt: 'How many times does the lowercase letter "s" occur in the text "Mississippi sassafras"?', expect: ['8'] },
  { id: 'vowels', kind: 'string', prompt: 'How many vowels (a, e, i, o, u) are in "The quick brown fox jumps over the lazy dog"?', expect: ['11'] },
  { id: 'reverse', kind: 'string', prompt: 'Reverse the characters of the text "Holdline agents" and give the result.', expect: ['stnega enildloH'] },
  {
    id: 'sort',
    kind: 'string',
    prompt: 'Sort these numbers from largest to smallest and list them separated by commas: 42, 7, 19, 88, 3, 56.',
    expect: ['88, 56, 42, 19, 7, 3'],
  },
  { id: 'days-between', kind: 'date', prompt: 'How many days are there from 2024-01-15 to 2024-03-01 (the end date not counted)?', expect: ['46'] },
  { id: 'weekday', kind: 'date', prompt: 'On which day of the week was 20 July 1969?', expect: ['Sunday'] },
  { id: 'date-add', kind: 'date', prompt: 'Which date is 100 days after 2025-02-10? Answer in the form YYYY-MM-DD.', expect: ['2025-05-21'] },
  { id: 'leap-years', kind: 'date', prompt: 'How many leap years are there from 1900 to 2000, both included?', expect: ['25'] },
  {
    id: 'csv-average',
    kind: 'file',
    prompt:
      'Write a file scores.csv with the lines "alice,90", "bob,72" and "carol,85", then run code that reads that file and prints the average score to two decimals.',
    expect: ['82.33'],
  },
  {
    id: 'squares-file',
    kind: 'file',
    prompt: 'Write a file numbers.txt holding the integers 1 to 20, one per line. Then run code that reads numbers.txt and prints the sum of their squares.',
    expect: ['2870'],
  },
  { id: 'page-price', kind: 'page', prompt: 'Read the page {pages}/prices.html and tell me the price of the blue widget.', expect: ['17.35'] },
  { id: 'page-count', kind: 'page', prompt: 'Read the page {pages}/cities.html: how many cities are listed there?', expect: ['7'] },
  { id: 'page-sum', kind: 'page', prompt: 'Read the page {pages}/rainfall.html and give the total rainfall of the six months listed, in mm.', expect: ['311'] },
  { id: 'page-date', kind: 'page', prompt: 'Read {pages}/release.html: on which date was version 4.2.0 released?', expect: ['2026-03-14'] },
  // The agents run JavaScript too (issue 31): right only when a JavaScript program ran and worked.
  {
    id: 'js-squares',
    kind: 'javascript',
    language: 'javascript',
    prompt: 'Using JavaScript, compute the sum of the squares of the integers from 1 to 100.',
    expect: ['338350'],
  },
  {
    id: 'js-divisible',
    kind: 'javascript',
    language: 'javascript',
    prompt: 'Run a JavaScript program to find how many of the integers from 1 to 500 are divisible by 7 but not by 5.',
    expect: ['57'],
  },
];

/** Whether an answer holds every expected value (thousands separators and case ignored). */
export function answerIsRight(task: AgentTask, answer: string): boolean {
  // A tool call written as text is no answer, whatever its program holds ('Yes' in `print('Yes' if …)`).
  if (toolCallsInText(answer.trim(), SANDBOX_TOOL_NAMES).calls.length > 0) return false;
  const plain = answer.replace(/(\d),(?=\d{3}\b)/g, '$1').toLowerCase();
  return task.expect.every((value) => {
    const wanted = value.toLowerCase();
    // A word must stand alone too: "yes" is not found inside "eyes".
    if (/^[a-z]+$/.test(wanted)) return new RegExp(`\\b${wanted}\\b`).test(plain);
    // A list of numbers must appear in its order, however it is joined ("88, 56, … 7, and 3"),
    // read as the agents' checker reads numbers (a comma before three digits groups thousands).
    if (/^\d+(?:, \d+)+$/.test(wanted)) return ` ${numbersIn(plain).join(' ')} `.includes(` ${numbersIn(wanted).join(' ')} `);
    if (!/^\d+(\.\d+)?$/.test(wanted)) return plain.includes(wanted);
    // A number must stand alone: 16 is not found inside 160 or 2016.
    return new RegExp(`(^|[^\\d.])${wanted.replace('.', '\\.')}(?![\\d]|\\.\\d)`).test(plain);
  });
}
