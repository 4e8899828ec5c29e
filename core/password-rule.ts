// The one rule a new password meets, wherever it is chosen: the website's
// sign-up and account page, `PUT /v1/account/password` and `account:create`.

export const PASSWORD_MIN_CHARS = 8;
export const PASSWORD_MAX_CHARS = 200;

/** The rule in words, for messages and the API description. */
export const PASSWORD_RULE = `${PASSWORD_MIN_CHARS} to ${PASSWORD_MAX_CHARS} characters`;

/**
 * Characters counted as people count them, by code point (an emoji is one), which
 * is also how the API schema's `minLength`/`maxLength` count: both paths agree.
 */
export const passwordChars = (password: string): number => [...password].length;

export function passwordMeetsRule(password: string): boolean {
  const chars = passwordChars(password);
  return chars >= PASSWORD_MIN_CHARS && chars <= PASSWORD_MAX_CHARS;
}
