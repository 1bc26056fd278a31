/**
 * The proposal body's inline content (bold, italic, underline, the two text sizes, line breaks) as nested
 * react-pdf text runs, styled as proposal.css styles the editor's marks.
 */
import { Text, type Styles } from "@react-pdf/renderer";
import type { ReactNode } from "react";
import type { BodyNode } from "~/schemas/bids";
import type { Theme } from "./theme";

/** The toolbar's small and large text sizes, relative to the text around them (data-size 1 and 5 in proposal.css). */
const TEXT_SIZE = { small: 0.8, large: 1.45 } as const;
const INLINE = new Set(["strong", "em", "u", "small", "large", "br"]);

/** Where a node is drawn: the document's theme and the font size in points there. */
export interface Context {
  theme: Theme;
  size: number;
}

/** Text and the marks that stay within a line; everything else is a block. */
export const isInline = (node: BodyNode) => typeof node === "string" || INLINE.has(node.tag);

/** How many characters of text a node holds. */
export function textLength(node: BodyNode): number {
  return typeof node === "string" ? node.length : node.children.reduce((sum, child) => sum + textLength(child), 0);
}

/** The marks' styles; the sizes are set from the size around them. */
const MARKS: Styles = {
  strong: { fontWeight: 700 },
  em: { fontStyle: "italic" },
  u: { textDecoration: "underline" },
};

/** Inline content as nested text runs: bold, italic, underline, the two sizes and line breaks. */
export function inlines(nodes: BodyNode[], ctx: Context): ReactNode[] {
  return nodes.map((node, i) => {
    if (typeof node === "string") return node;
    if (node.tag === "br") return "\n";
    const sized = node.tag === "small" || node.tag === "large";
    const size = sized ? ctx.size * TEXT_SIZE[node.tag as "small" | "large"] : ctx.size;
    // The line height follows the run's own size, as the editor's taller line around large text does.
    const style = sized ? { fontSize: size, lineHeight: ctx.theme.lineHeight } : (MARKS[node.tag] ?? {});
    // Anything else inside a line (nothing the editor writes) still shows its text.
    return (
      <Text key={i} style={style}>
        {inlines(node.children, { ...ctx, size })}
      </Text>
    );
  });
}
