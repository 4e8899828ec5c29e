// Runs in every test process before its files: a service or worker a test
// starts hears with the ear that test/global-setup.ts started, as one started
// by `npm run up` does (a test that wants pocketsphinx or a scripted server
// says so in the env it passes, which wins over this).
import { inject } from 'vitest';
import { EAR_MODEL } from '../tooling/stack/ear';

const stack = inject('stack');
if (stack?.transcriberUrl && !process.env.HOLDLINE_TRANSCRIBER_URL) {
  process.env.HOLDLINE_TRANSCRIBER_URL = stack.transcriberUrl;
  process.env.HOLDLINE_TRANSCRIBER_MODEL = EAR_MODEL;
  if (stack.transcriberApiKey) process.env.HOLDLINE_TRANSCRIBER_API_KEY = stack.transcriberApiKey;
}
