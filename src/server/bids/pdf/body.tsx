/**
 * The proposal body (the editor's tree of allowed elements and text) as react-pdf views, styled as
 * proposal.css styles the editor's HTML. Every string is drawn as text: nothing in the tree is interpreted.
 */
import { Text, View } from "@react-pdf/renderer";
import type { ReactNode } from "react";
import type { BodyNode } from "~/schemas/bids";
import { inlines, isInline, textLength, type Context } from "./inline";
import { COLUMN_FILL, NAVY, type Theme } from "./theme";

type Element = Exclude<BodyNode, string>;

/** Columns with more text than this may split across pages; shorter ones move whole, as break-inside: avoid does. */
const KEEP_TOGETHER_CHARS = 4000;
/** A block after a heading with at most this much text moves to the next page with it. */
const KEEP_WITH_HEADING_CHARS = 1200;

/** A block and its vertical margins, so neighbours can collapse them as CSS does (the larger one wins). */
interface Block {
  node: ReactNode;
  top: number;
  bottom: number;
  /** A heading: it never ends a page alone. */
  keepWithNext?: boolean;
  /** Characters of text in it: whether it is short enough to move to the next page whole. */
  chars: number;
}

/** The whole body at the document's body size. */
export function Body({ nodes, theme, size }: { nodes: BodyNode[]; theme: Theme; size: number }) {
  // The body's last margin would only push a blank page out when the text ends near the foot.
  return <>{blocks(nodes, { theme, size }, false)}</>;
}

/** Children laid out as blocks: runs of inline content become paragraphs; margins collapse between neighbours. */
function blocks(nodes: BodyNode[], ctx: Context, lastMargin = true): ReactNode[] {
  const laid: Block[] = [];
  let run: BodyNode[] = [];
  const flush = () => {
    if (run.length) {
      const chars = run.reduce((sum: number, node) => sum + textLength(node), 0);
      laid.push({ node: <Text>{inlines(run, ctx)}</Text>, top: 0, bottom: 0, chars });
    }
    run = [];
  };
  for (const node of nodes) {
    if (isInline(node)) run.push(node);
    else {
      flush();
      laid.push({ ...block(node as Element, ctx, laid.length), chars: textLength(node) });
    }
  }
  flush();
  // Each block keeps its bottom margin and adds only what its top margin exceeds it by.
  const placed = laid.map(({ node, top, bottom }, i) => (
    <View
      key={i}
      style={{
        marginTop: i === 0 ? top : Math.max(0, top - laid[i - 1].bottom),
        marginBottom: lastMargin || i < laid.length - 1 ? bottom : 0,
      }}
    >
      {node}
    </View>
  ));
  // A heading moves to the next page with the short block after it (a list, a paragraph); before a long one
  // it asks for a few lines of it on its page.
  const out: ReactNode[] = [];
  for (let i = 0; i < placed.length; i++) {
    const next = laid[i + 1];
    if (laid[i].keepWithNext && next && next.chars <= KEEP_WITH_HEADING_CHARS) {
      out.push(
        <View key={i} wrap={false}>
          {placed[i]}
          {placed[++i]}
        </View>,
      );
    } else if (laid[i].keepWithNext) {
      out.push(
        <View key={i} minPresenceAhead={3 * ctx.size}>
          {placed[i]}
        </View>,
      );
    } else out.push(placed[i]);
  }
  return out;
}

function block(node: Element, ctx: Context, index: number): Omit<Block, "chars"> {
  const { theme, size } = ctx;
  const align = node.align ? { textAlign: node.align } : {};
  switch (node.tag) {
    case "h2": {
      const h2 = size * 1.3;
      const heading = (
        <Text
          style={{
            ...align,
            fontSize: h2,
            fontWeight: 700,
            letterSpacing: 0.04 * h2,
            textTransform: "uppercase",
            color: NAVY[950],
            paddingBottom: 0.2 * h2,
            borderBottomWidth: 0.75,
            borderBottomColor: theme.accentRule,
          }}
        >
          {inlines(node.children, { theme, size: h2 })}
        </Text>
      );
      // The first heading of a block sits at its top (h2:first-child).
      return { node: heading, top: index === 0 ? 0 : 1.1 * h2, bottom: 0.4 * h2, keepWithNext: true };
    }
    case "h3": {
      const h3 = size * 1.12;
      const style = { ...align, fontSize: h3, fontWeight: 700, color: theme.accentText };
      const heading = <Text style={style}>{inlines(node.children, { theme, size: h3 })}</Text>;
      return { node: heading, top: 0, bottom: 0.35 * h3, keepWithNext: true };
    }
    case "ul":
    case "ol":
      return { node: list(node, ctx), top: 0, bottom: 0.5 * size };
    case "columns":
      return { node: columns(node, ctx), top: size, bottom: 0.5 * size };
    case "column":
      return { node: column(node, ctx), top: 0, bottom: 0 };
    case "li":
      // A list item's own paragraph (see list()), or an item out of its list: no margins (li > p { margin: 0 }).
      return { node: paragraph(node, ctx), top: 0, bottom: 0 };
    default:
      // A paragraph; an empty one keeps its line, as the editor shows it.
      return { node: paragraph(node, ctx), top: 0, bottom: 0.5 * size };
  }
}

function paragraph(node: Element, ctx: Context): ReactNode {
  const children = node.children.length ? node.children : [" "];
  if (children.every(isInline)) {
    return <Text style={node.align ? { textAlign: node.align } : {}}>{inlines(children, ctx)}</Text>;
  }
  return <View>{blocks(children, ctx)}</View>;
}

/** A list: markers in the accent, right-aligned in the list's indent like an outside marker. */
function list(node: Element, ctx: Context): ReactNode {
  const { theme, size } = ctx;
  const indent = (node.tag === "ol" ? 1.6 : 1.4) * size;
  const start = node.tag === "ol" ? (node.start ?? 1) : 1;
  const items = node.children.map((item, i) => {
    const marker = node.tag === "ol" ? `${start + i}.` : "\u2022";
    // An item's paragraphs lose their margins: marked li, which block() lays out without them.
    const content = typeof item !== "string" && item.tag === "li" ? item.children : [item];
    const inner = content.map((child) =>
      typeof child !== "string" && child.tag === "p" ? { ...child, tag: "li" as const } : child,
    );
    return (
      <View key={i} style={{ flexDirection: "row", marginTop: i === 0 ? 0 : 0.15 * size }}>
        <Text style={{ width: indent, paddingRight: 0.28 * size, textAlign: "right", color: theme.accent }}>
          {marker}
        </Text>
        <View style={{ flex: 1 }}>{blocks(inner, ctx)}</View>
      </View>
    );
  });
  return <View>{items}</View>;
}

/** The two-column block: equal columns side by side, 12 px apart, kept on one page when they are short. */
function columns(node: Element, ctx: Context): ReactNode {
  const parts = node.children.map((child) =>
    typeof child !== "string" && child.tag === "column" ? child : { tag: "column" as const, children: [child] },
  );
  return (
    <View wrap={textLength(node) > KEEP_TOGETHER_CHARS} style={{ flexDirection: "row" }}>
      {parts.map((part, i) => (
        <View key={i} style={{ flex: 1, marginLeft: i === 0 ? 0 : ctx.theme.px(12) }}>
          {column(part, ctx)}
        </View>
      ))}
    </View>
  );
}

function column(node: Element, ctx: Context): ReactNode {
  const { px, accent } = ctx.theme;
  const style = {
    flexGrow: 1,
    paddingTop: px(10),
    paddingHorizontal: px(12),
    paddingBottom: px(4),
    borderWidth: 0.75,
    borderColor: NAVY[100],
    borderTopWidth: px(3),
    borderTopColor: accent,
    borderRadius: px(4),
    backgroundColor: COLUMN_FILL,
  };
  return <View style={style}>{blocks(node.children, ctx)}</View>;
}
