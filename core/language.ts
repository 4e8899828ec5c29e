// The language a file is spoken in, as the read reports it: ISO 639-1, or
// null when nothing was heard. Servers name it in two ways: a code (`en`,
// faster-whisper and whisper.cpp) or Whisper's English name (`english`,
// OpenAI's own API); both come to the code here.

/** Whisper's language names (its tokenizer's LANGUAGES table) by ISO 639-1 code. */
const WHISPER_LANGUAGES: Readonly<Record<string, string>> = {
  en: 'english',
  zh: 'chinese',
  de: 'german',
  es: 'spanish',
  ru: 'russian',
  ko: 'korean',
  fr: 'french',
  ja: 'japanese',
  pt: 'portuguese',
  tr: 'turkish',
  pl: 'polish',
  ca: 'catalan',
  nl: 'dutch',
  ar: 'arabic',
  sv: 'swedish',
  it: 'italian',
  id: 'indonesian',
  hi: 'hindi',
  fi: 'finnish',
  vi: 'vietnamese',
  he: 'hebrew',
  uk: 'ukrainian',
  el: 'greek',
  ms: 'malay',
  cs: 'czech',
  ro: 'romanian',
  da: 'danish',
  hu: 'hungarian',
  ta: 'tamil',
  no: 'norwegian',
  th: 'thai',
  ur: 'urdu',
  hr: 'croatian',
  bg: 'bulgarian',
  lt: 'lithuanian',
  la: 'latin',
  mi: 'maori',
  ml: 'malayalam',
  cy: 'welsh',
  sk: 'slovak',
  te: 'telugu',
  fa: 'persian',
  lv: 'latvian',
  bn: 'bengali',
  sr: 'serbian',
  az: 'azerbaijani',
  sl: 'slovenian',
  kn: 'kannada',
  et: 'estonian',
  mk: 'macedonian',
  br: 'breton',
  eu: 'basque',
  is: 'icelandic',
  hy: 'armenian',
  ne: 'nepali',
  mn: 'mongolian',
  bs: 'bosnian',
  kk: 'kazakh',
  sq: 'albanian',
  sw: 'swahili',
  gl: 'galician',
  mr: 'marathi',
  pa: 'punjabi',
  si: 'sinhala',
  km: 'khmer',
  sn: 'shona',
  yo: 'yoruba',
  so: 'somali',
  af: 'afrikaans',
  oc: 'occitan',
  ka: 'georgian',
  be: 'belarusian',
  tg: 'tajik',
  sd: 'sindhi',
  gu: 'gujarati',
  am: 'amharic',
  yi: 'yiddish',
  lo: 'lao',
  uz: 'uzbek',
  fo: 'faroese',
  ht: 'haitian creole',
  ps: 'pashto',
  tk: 'turkmen',
  nn: 'nynorsk',
  mt: 'maltese',
  sa: 'sanskrit',
  lb: 'luxembourgish',
  my: 'myanmar',
  bo: 'tibetan',
  tl: 'tagalog',
  mg: 'malagasy',
  as: 'assamese',
  tt: 'tatar',
  haw: 'hawaiian',
  ln: 'lingala',
  ha: 'hausa',
  ba: 'bashkir',
  jw: 'javanese',
  su: 'sundanese',
  yue: 'cantonese',
};

const CODE_BY_NAME: ReadonlyMap<string, string> = new Map(Object.entries(WHISPER_LANGUAGES).map(([code, name]) => [name, code]));

/**
 * The ISO 639-1 code of what a transcription server said, or null for
 * anything else (absent, empty, unknown, a code we do not know). Whisper's
 * own `haw` and `yue` have no two-letter code and stay as they are.
 */
export function languageCode(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim().toLowerCase().replace(/_/g, '-');
  if (value === '') return null;
  // `en-US`, `pt-BR`: the language is the first subtag.
  const primary = value.split('-')[0] ?? '';
  if (primary in WHISPER_LANGUAGES) return primary;
  return CODE_BY_NAME.get(value) ?? null;
}

/** One chunk's language and how many of its words the read kept. */
export interface HeardLanguage {
  language: string | null;
  words: number;
}

/**
 * The file's language: the one that carried the most words, over the chunks
 * that named one. Null when no chunk with words named a language (nothing was
 * heard, or the engine does not say). Ties go to the language met first.
 */
export function dominantLanguage(chunks: readonly HeardLanguage[]): string | null {
  const weight = new Map<string, number>();
  for (const { language, words } of chunks) {
    if (language === null || words <= 0) continue;
    weight.set(language, (weight.get(language) ?? 0) + words);
  }
  let best: string | null = null;
  let bestWeight = 0;
  for (const [language, w] of weight) {
    if (w > bestWeight) {
      best = language;
      bestWeight = w;
    }
  }
  return best;
}

/** Claims are found by English cue words (core/claims.ts): other languages get none. */
export function claimsApplyTo(language: string | null): boolean {
  return language === null || language === 'en';
}
