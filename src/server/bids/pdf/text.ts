/**
 * Text as the PDF's standard faces can draw it. Those faces hold only the Windows-1252 (WinAnsi) characters;
 * anything else would come out as a wrong glyph, so a letter with a mark the faces lack loses the mark
 * ("Nguyễn" prints "Nguyen") and a character with no such form prints "?". The stored text stays exact.
 */

/** The characters of Windows-1252 beyond Latin-1 (0x80-0x9F), which the standard faces also hold. */
const CP1252_EXTRA = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";
/** Letters whose base form is no decomposition away. */
const BASE_LETTERS: Record<string, string> = { Ł: "L", ł: "l", Đ: "D", đ: "d", ı: "i", Ħ: "H", ħ: "h" };

const drawable = (char: string) => {
  const code = char.codePointAt(0)!;
  return (
    code === 0x0a || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.includes(char)
  );
};

/** The text with every character the standard faces cannot draw replaced by its base letter or "?". */
export function printable(text: string): string {
  let out = "";
  for (const char of text) {
    if (drawable(char)) out += char;
    else if (BASE_LETTERS[char]) out += BASE_LETTERS[char];
    else {
      const base = char.normalize("NFKD").replace(/\p{M}/gu, "");
      out += base && [...base].every(drawable) ? base : char === "\t" ? " " : "?";
    }
  }
  return out;
}
