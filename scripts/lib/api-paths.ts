/** `/api/...` string literals in built JS or HTML; a template's `${...}` becomes `:param`. */
export function apiPathsIn(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/["'`](\/api\/[^"'`?#\s]*)/g)) {
    const path = match[1]!.replace(/\$\{[^}]*\}/g, ":param").replace(/\/+$/, "");
    // A literal that stops at a template hole (`/api/contacts/` + id) still names a parameter.
    found.push(match[1]!.endsWith("/") && match[1] !== "/api/" ? `${path}/:param` : path);
  }
  // A path kept in a constant and extended in a template: `W="/api/x"` ... `${W}/${id}`.
  for (const match of source.matchAll(/([\w$]+)\s*=\s*["'`](\/api\/[^"'`?#\s]*)["'`]/g)) {
    const name = match[1]!.replace(/\$/g, "\\$");
    if (new RegExp(`\\$\\{${name}\\}/\\$\\{`).test(source)) found.push(`${match[2]!.replace(/\/+$/, "")}/:param`);
  }
  return found.filter((p) => p.length > "/api".length);
}

/** Whether a Netlify route (`/api/contacts/:id`) serves a client path (`/api/contacts/:param` or a literal). */
export function routeMatches(route: string, path: string): boolean {
  const a = route.split("/");
  const b = path.split("/");
  return a.length === b.length && a.every((part, i) => part === b[i] || part.startsWith(":") || b[i]!.startsWith(":"));
}
