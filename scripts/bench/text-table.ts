/** A plain-text table for the console: a rule under the header; columns in `left` left-aligned, the others right-aligned. */
export function textTable(rows: string[][], left: number[] = [0]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  return rows
    .map((r, n) => {
      const line = r
        .map((cell, i) => (left.includes(i) ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
        .join("  ")
        .trimEnd();
      return n === 0 ? `${line}\n${widths.map((w) => "-".repeat(w)).join("  ")}` : line;
    })
    .join("\n");
}
