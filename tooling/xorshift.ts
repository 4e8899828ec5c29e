// One seeded generator for everything that must be random-looking yet the same on
// every machine: fixture noise and textures (tooling/fixtures/, whose
// generator hash covers this file too) and test signals.

/**
 * xorshift32 (Marsaglia 2003, shifts 13, 17, 5): unsigned 32-bit words. A seed of
 * 0, a fixed point of the generator, is taken as 1.
 */
export function xorshift32(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
}

/** Uniform numbers in [0, 1) from `xorshift32(seed)`. */
export function uniformRandom(seed: number): () => number {
  const next = xorshift32(seed);
  return () => next() / 4294967296;
}
