import { assembleRead } from '../../../core/read';
import type { ScanRead } from '../../../core/wire/read';
import type { RawMeasurements } from '../../../core/measurements';
import { newScanId } from '../../../store/ids';
import type { Service } from '../helpers/service';

/**
 * 24 seconds made from known ingredients: steady motion and sound with a hard
 * cut at 10 s, a still and silent stretch over [14, 18), and speech in
 * seconds 0-12 and 19-23 (one sentence carries a claim).
 */
export function syntheticMeasurements(): RawMeasurements {
  const seconds = 24;
  const still = (t: number) => t >= 14 && t < 18;
  const frameDiffs: number[] = [];
  for (let k = 0; k < seconds * 4; k++) {
    const t = k / 4;
    frameDiffs.push(k === 0 || still(t) ? 0 : k === 40 ? 80 : 5 + 3 * Math.sin(k / 3));
  }
  const loudnessRms = Array.from({ length: seconds }, (_, t) => (still(t) ? 0 : 0.1 + 0.05 * Math.sin(t)));
  const sentence = (start: number, text: string) => text.split(' ').map((word, i) => ({ word, start: start + i * 0.4, end: start + i * 0.4 + 0.3 }));
  const words = [
    ...sentence(0.2, 'welcome to the kitchen today we cook fast'),
    ...sentence(5, 'studies show this method doubles your speed'),
    ...sentence(9, 'now the sauce goes in'),
    ...sentence(19, 'and that is all for today friends'),
  ];
  return { durationSec: seconds, frameDiffs, skipDiffs: frameDiffs.map(() => Number.NaN), loudnessRms, words };
}

export const syntheticRead = (): ScanRead => assembleRead(syntheticMeasurements());

/** A scan of `accountId` stored in the complete shape, as the workflow would leave it. */
export async function insertCompleteScan(service: Service, accountId: string, title: string | null): Promise<{ scanId: string; read: ScanRead }> {
  const scanId = await insertQueuedScan(service, accountId, title);
  const read = syntheticRead();
  if (!(await service.deps.scans.complete(scanId, read))) throw new Error('scan did not complete');
  return { scanId, read };
}

export async function insertQueuedScan(service: Service, accountId: string, title: string | null): Promise<string> {
  const scanId = newScanId();
  await service.deps.scans.insertQueued({
    scan_id: scanId,
    account_id: accountId,
    title,
    source: { type: 'url', url: 'https://example.com/video.mp4' },
    priority: false,
    created_at: new Date(),
  });
  return scanId;
}

/** A browser-like HTTP client: keeps the session cookie, never follows redirects. */
export class WebClient {
  cookie: string | null = null;
  constructor(private readonly baseUrl: string) {}

  async request(method: string, path: string, init: { form?: Record<string, string>; json?: unknown; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookie) headers.cookie = this.cookie;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    } else if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const response = await fetch(this.baseUrl + path, { method, headers, body, redirect: 'manual' });
    for (const setCookie of response.headers.getSetCookie()) {
      const match = /^hl_session=([^;]*)/.exec(setCookie);
      if (match) this.cookie = match[1] ? `hl_session=${match[1]}` : null;
    }
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, form: Record<string, string>) => this.request('POST', path, { form });

  /** The CSRF token of the signed-in session, read from a page's forms. */
  async csrf(): Promise<string> {
    const page = await this.get('/account');
    const token = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1];
    if (!token) throw new Error(`no CSRF token on /account (status ${page.status})`);
    return token;
  }
}

export const shownKey = (html: string) => /id="new-key">(sk_sig_[0-9A-Za-z]{40})</.exec(html)?.[1] ?? null;

/**
 * A new account as a person makes one: the sign-up form (whose answer is the same
 * for a new and a taken email), then the sign-in it asks for, whose answer to a
 * new account's first sign-in is the account page with the key.
 */
export async function signUpAndSignIn(client: WebClient, email: string, password: string) {
  const signup = await client.post('/signup', { email, password });
  const signin = await client.post('/signin', { email, password });
  return { signup, signin, key: shownKey(signin.text) };
}
