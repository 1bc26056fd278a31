import { createRandom, type Random } from "./random";

/** One generated image: its own seed, and a drawing that takes all its randomness from the generator it is given. */
export interface Scene {
  seed: number;
  draw: (random: Random) => string;
}

/** The scene's SVG, drawn with a fresh generator from its seed: the same text on every run. */
export function renderScene(scene: Scene): string {
  return scene.draw(createRandom(scene.seed));
}
