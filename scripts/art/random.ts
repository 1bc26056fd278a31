/** A pseudo-random number generator: each call returns the next number in [0, 1). */
export type Random = () => number;

const MODULUS = 2147483647; // 2^31 - 1
const MULTIPLIER = 16807;

/**
 * Park and Miller's minimal standard generator, seeded: the same seed always gives the same sequence, and
 * each generator keeps its own state, so one scene's draws never shift another's. Seeds run 1 to 2^31 - 2.
 */
export function createRandom(seed: number): Random {
  if (!Number.isInteger(seed) || seed < 1 || seed >= MODULUS) {
    throw new RangeError(`Seed ${seed} is not an integer from 1 to ${MODULUS - 1}.`);
  }
  let state = seed;
  return () => {
    state = (state * MULTIPLIER) % MODULUS;
    return (state - 1) / (MODULUS - 1);
  };
}
