import { describe, expect, it } from "vitest";
import { createRandom, type Random } from "./random";

const take = (random: Random, n: number) => Array.from({ length: n }, random);

describe("createRandom", () => {
  it("gives the same sequence for the same seed", () => {
    expect(take(createRandom(11), 1000)).toEqual(take(createRandom(11), 1000));
  });

  it("gives different sequences for different seeds", () => {
    expect(take(createRandom(11), 10)).not.toEqual(take(createRandom(12), 10));
  });

  it("keeps each generator's state to itself: interleaved draws do not shift either sequence", () => {
    const a = createRandom(5);
    const b = createRandom(5);
    const interleaved = Array.from({ length: 50 }, () => [a(), b(), b()]);
    const alone = take(createRandom(5), 100);
    expect(interleaved.map(([x]) => x)).toEqual(alone.slice(0, 50));
    expect(interleaved.flatMap(([, y, z]) => [y, z])).toEqual(alone);
  });

  it("stays in [0, 1)", () => {
    for (const value of take(createRandom(2147483646), 10_000)) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });

  it("is Park and Miller's minimal standard: the 10,000th state from seed 1 is 1043618065", () => {
    const random = createRandom(1);
    const values = take(random, 10_000);
    expect(values.at(-1)! * 2147483646 + 1).toBeCloseTo(1043618065, 0);
  });

  it.each([0, -1, 1.5, 2147483647, Number.NaN])("refuses seed %s, naming it", (seed) => {
    expect(() => createRandom(seed)).toThrow(`Seed ${seed} is not an integer`);
  });
});
