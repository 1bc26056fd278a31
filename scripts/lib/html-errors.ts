/**
 * The errors in what the W3C HTML checker (vnu, `--format gnu`) printed, one per line. Its checks of CSS
 * inside <style> predate standard rules the inlined Tailwind CSS uses (@property, @starting-style,
 * margin-trim) and report them as errors; the markup is what this check is for, so those are left out.
 */
export function htmlErrors(vnuOutput: string): string[] {
  return vnuOutput.split("\n").filter((line) => line.includes("error") && !line.includes("CSS:"));
}
