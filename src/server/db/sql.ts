/**
 * SQL that owns its parameters: a statement written as a tagged template (`sql\`… ${value} …\``) carries its
 * values beside its text, and a fragment placed inside another brings its own values along. Placeholders are
 * numbered ($1, $2, …) only when the whole statement is run, so modules that each contribute a part of one
 * statement never depend on each other's parameter positions. Values always travel as parameters, never as
 * text: there is no way to splice a string into the SQL.
 */
export class Sql {
  /** The text between the values: always one more than the values. */
  readonly #texts: readonly string[];
  readonly #values: readonly unknown[];

  private constructor(texts: readonly string[], values: readonly unknown[]) {
    // Fragments are flattened here, so a statement is one list of texts and values however deep it nests.
    const flat: string[] = [texts[0]!];
    const flatValues: unknown[] = [];
    values.forEach((value, i) => {
      if (value instanceof Sql) {
        flat[flat.length - 1] += value.#texts[0];
        flat.push(...value.#texts.slice(1));
        flatValues.push(...value.#values);
        flat[flat.length - 1] += texts[i + 1];
      } else {
        flatValues.push(value);
        flat.push(texts[i + 1]!);
      }
    });
    this.#texts = flat;
    this.#values = flatValues;
  }

  /** What the `sql` tag builds: only a template literal's own texts become SQL text. */
  static fromTemplate(texts: TemplateStringsArray, values: readonly unknown[]): Sql {
    // A template's texts carry `raw`; a plain array of strings (text built elsewhere) does not.
    if (!Array.isArray((texts as { raw?: unknown }).raw)) throw new Error("sql: use it as a tagged template");
    return new Sql(texts, values);
  }

  /** The statement's text with its values' placeholders numbered from $1. */
  get text(): string {
    return this.#texts.reduce((text, part, i) => `${text}$${i}${part}`);
  }

  /** The values of the placeholders, in order ($1 first). */
  get values(): unknown[] {
    return [...this.#values];
  }
}

/** A statement or fragment whose interpolations are values (parameters) or other fragments (composed in place). */
export function sql(texts: TemplateStringsArray, ...values: unknown[]): Sql {
  return Sql.fromTemplate(texts, values);
}

/** Fragments one after another, with `separator` between them (`, ` unless given): lists of values or terms. */
export function joinSql(fragments: readonly Sql[], separator: Sql = sql`, `): Sql {
  if (fragments.length === 0) return sql``;
  return fragments.reduce((joined, fragment) => sql`${joined}${separator}${fragment}`);
}
