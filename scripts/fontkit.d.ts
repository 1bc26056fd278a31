/** fontkit ships no types; the part the printable table's generator reads: a font's mapped characters. */
declare module "fontkit" {
  export function openSync(path: string): { characterSet: number[] };
}
