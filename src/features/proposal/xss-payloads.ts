/**
 * Payloads a template can carry through the API (issue 9, "No foreign script"), with known
 * mutation-XSS; each would set `window.__pwned`. Shared by the sanitiser tests and the editor e2e spec.
 */
export const XSS_PAYLOADS = [
  "<img src=x onerror=\"window.__pwned='img'\">",
  "<svg onload=\"window.__pwned='svg'\"><circle r=5></circle></svg>",
  "<a href=\"javascript:window.__pwned='link'\">click me</a>",
  "<p onclick=\"window.__pwned='click'\" onmouseover=\"window.__pwned='hover'\">hover</p>",
  "<script>window.__pwned='script'</script>",
  "<iframe src=\"javascript:window.__pwned='iframe'\"></iframe>",
  "<math><mtext><table><mglyph><style><!--</style><img title=\"--&gt;&lt;img src=1 onerror=window.__pwned='mxss1'&gt;\">",
  "<svg></p><style><a id=\"</style><img src=1 onerror=window.__pwned='mxss2'>\">",
  "<noscript><p title=\"</noscript><img src=x onerror=window.__pwned='mxss3'>\"></noscript>",
  "<form><math><mtext></form><form><mglyph><style></math><img src onerror=window.__pwned='mxss4'>",
  "<div style=\"background:url(javascript:window.__pwned='css')\">styled</div>",
  "<object data=\"data:text/html,<script>parent.__pwned='object'</script>\"></object>",
];
