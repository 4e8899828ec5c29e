// The environment handed to a stack's children: unset variables dropped, and the
// variables a server reads as its own settings kept from leaking in.

export type Env = Record<string, string | undefined>;

export function cleanEnv(env: Env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  return out;
}

/** The servers read settings from their own prefixed variables; a stray one must not change them. */
export function withoutPrefix(env: Env, prefix: string): Env {
  return Object.fromEntries(Object.entries(env).filter(([k]) => !k.startsWith(prefix)));
}
