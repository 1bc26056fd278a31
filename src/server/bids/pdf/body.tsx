/**
 * The proposal body (the editor's tree of allowed elements and text) as react-pdf views, styled as
 * proposal.css styles the editor's HTML. Every string is drawn as text: nothing in the tree is interpreted.
 */
import { Text, View } from "@react-pdf/renderer";
import type { ReactNode } from "react";
import type { BodyNode } from "~/schemas/bids";
import { COLUMN_FILL, NAVY, type Theme } from "./theme";

type Element = Exclude<BodyNode, string>;

/** The toolbar's small and large text sizes, relative to the text around them (data-size 1 and 5 in proposal.css). */
const TEXT_SIZE = { small: 0.8, large: 1.45 } as const;
const INLINE = new Set(["strong", "em", "u", "small", "large", "br"]);

/** Columns with more text than this may split across pages; shorter ones move whole, as break-inside: avoid does. */
const KEEP_TOGETHER_CHARS = 4000;

interface Context {
  theme: Theme;
  /** The font size in points where the node is drawn. */
  size: number;
}

/** A block and its vertical margins, so neighbours can collapse them as CSS does (the larger one wins). */
interface Block {
  node: ReactNode;
  top: number;
  bottom: number;
}

const isInline = (node: BodyNode) => typeof node === "string" || INLINE.has(node.tag);

/** The whole body at the document's body size. */
export function Body({ nodes, theme, size }: { nodes: BodyNode[]; theme: Theme; size: number }) {
  return <View>{blocks(nodes, { theme, size })}</View>;
}

/** Children laid out as blocks: runs of inline content become paragraphs; margins collapse between neighbours. */
function blocks(nodes: BodyNode[], ctx: Context): ReactNode[] {
  const laid: Block[] = [];
  let run: BodyNode[] = [];
  const flush = () => {
    if (run.length) laid.push({ node: <Text key={laid.length}>{inlines(run, ctx)}</Text>, top: 0, bottom: 0 });
    run = [];
  };
  for (const node of nodes) {
    if (isInline(node)) run.push(node);
    else {
      flush();
      laid.push(block(node as Element, ctx, laid.length));
    }
  }
  flush();
  // Each block keeps its bottom margin and adds only what its top margin exceeds it by.
  return laid.map(({ node, top, bottom }, i) => (
    <View key={i} style={{ marginTop: i === 0 ? top : Math.max(0, top - laid[i - 1].bottom), marginBottom: bottom }}>
      {node}
    </View>
  ));
}

function block(node: Element, ctx: Context, index: number): Block {
  const { theme, size } = ctx;
  const align = node.align ? { textAlign: node.align } : {};
  switch (node.tag) {
    case "h2": {
      const h2 = size * 1.3;
      const heading = (
        <Text
          minPresenceAhead={size * 3}
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
      return { node: heading, top: index === 0 ? 0 : 1.1 * h2, bottom: 0.4 * h2 };
    }
    case "h3": {
      const h3 = size * 1.12;
      const style = { ...align, fontSize: h3, fontWeight: 700, color: theme.accentText };
      const heading = (
        <Text minPresenceAhead={size * 3} style={style}>
          {inlines(node.children, { theme, size: h3 })}
        </Text>
      );
      return { node: heading, top: 0, bottom: 0.35 * h3 };
    }
    case "ul":
    case "ol":
      return { node: list(node, ctx), top: 0, bottom: 0.5 * size };
    case "columns":
      return { node: columns(node, ctx), top: size, bottom: 0.5 * size };
    case "column":
      return { node: column(node, ctx), top: 0, bottom: 0 };
    default:
      // p, and an li out of its list: a paragraph (an empty one keeps its line, as the editor shows it).
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
    // An item holds paragraphs without their margins (li > p { margin: 0 }).
    const content = typeof item !== "string" && item.tag === "li" ? item.children : [item];
    const inner = content.map((child) =>
      typeof child !== "string" && child.tag === "p" ? { ...child, tag: "li" as const } : child,
    );
    return (
      <View key={i} style={{ flexDirection: "row", marginTop: i === 0 ? 0 : 0.15 * size }}>
        <Text style={{ width: indent, paddingRight: 0.28 * size, textAlign: "right", color: theme.accent }}>
          {marker}
        </Text>
        <View style={{ flex: 1 }}>{itemBlocks(inner, ctx)}</View>
      </View>
    );
  });
  return <View>{items}</View>;
}

/** An item's content: its paragraphs (marked li above) without margins, anything else as blocks. */
function itemBlocks(nodes: BodyNode[], ctx: Context): ReactNode {
  if (nodes.every((n) => isInline(n) || n.tag === "li")) {
    return nodes.map((n, i) =>
      typeof n !== "string" && n.tag === "li" ? (
        <Text key={i} style={n.align ? { textAlign: n.align } : {}}>
          {inlines(n.children.length ? n.children : [" "], ctx)}
        </Text>
      ) : (
        <Text key={i}>{inlines([n], ctx)}</Text>
      ),
    );
  }
  return blocks(
    nodes.map((n) => (typeof n !== "string" && n.tag === "li" ? { ...n, tag: "p" as const } : n)),
    ctx,
  );
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

function textLength(node: BodyNode): number {
  return typeof node === "string" ? node.length : node.children.reduce((sum, child) => sum + textLength(child), 0);
}

/** Inline content as nested text runs: bold, italic, underline, the two sizes and line breaks. */
function inlines(nodes: BodyNode[], ctx: Context): ReactNode[] {
  return nodes.map((node, i) => {
    if (typeof node === "string") return node;
    if (node.tag === "br") return "\n";
    const size = node.tag === "small" || node.tag === "large" ? ctx.size * TEXT_SIZE[node.tag] : ctx.size;
    const style =
      node.tag === "strong"
        ? { fontWeight: 700 }
        : node.tag === "em"
          ? { fontStyle: "italic" as const }
          : node.tag === "u"
            ? { textDecoration: "underline" as const }
            : node.tag === "small" || node.tag === "large"
              ? { fontSize: size, lineHeight: ctx.theme.lineHeight }
              : {};
    // Block elements found inside a line (not something the editor writes) still show their text.
    return (
      <Text key={i} style={style}>
        {inlines(node.children, { ...ctx, size })}
      </Text>
    );
  });
}
