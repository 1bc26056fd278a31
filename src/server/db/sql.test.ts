import { describe, expect, it } from "vitest";
import { joinSql, sql } from "./sql";

describe("sql", () => {
  it.each([
    ["no values", sql`SELECT 1`, "SELECT 1", []],
    ["values become numbered placeholders", sql`SELECT ${1}, ${"a"}`, "SELECT $1, $2", [1, "a"]],
    ["a value used twice is two parameters", sql`${5} < ${5}`, "$1 < $2", [5, 5]],
    ["an array is one parameter", sql`= ANY(${[1, 2]})`, "= ANY($1)", [[1, 2]]],
    ["null and dates travel as values", sql`${null}, ${new Date(0)}`, "$1, $2", [null, new Date(0)]],
  ])("%s", (_, statement, text, values) => {
    expect(statement.text).toBe(text);
    expect(statement.values).toEqual(values);
  });

  it("text that looks like SQL is still a value, never spliced into the statement", () => {
    const hostile = "x'); DROP TABLE staff_users; --";
    const statement = sql`SELECT * FROM t WHERE name = ${hostile}`;
    expect(statement.text).toBe("SELECT * FROM t WHERE name = $1");
    expect(statement.values).toEqual([hostile]);
  });

  it("refuses to be called with text built elsewhere", () => {
    const built = ["SELECT ", ""] as unknown as TemplateStringsArray;
    expect(() => sql(built, 1)).toThrow(/tagged template/);
  });

  it("fragments bring their own values and are renumbered where they land", () => {
    const limit = sql`LIMIT ${10}`;
    const filter = sql`owner = ${"ann"} AND kind = ${"x"}`;
    const statement = sql`SELECT * FROM t WHERE id > ${3} AND ${filter} ${limit}`;
    expect(statement.text).toBe("SELECT * FROM t WHERE id > $1 AND owner = $2 AND kind = $3 LIMIT $4");
    expect(statement.values).toEqual([3, "ann", "x", 10]);
  });

  it("nests any depth, and one fragment may appear twice", () => {
    const inner = sql`f(${"a"})`;
    const middle = sql`g(${inner}, ${1}, ${inner})`;
    const statement = sql`${0} ${middle} ${sql`h(${middle})`}`;
    expect(statement.text).toBe("$1 g(f($2), $3, f($4)) h(g(f($5), $6, f($7)))");
    expect(statement.values).toEqual([0, "a", 1, "a", "a", 1, "a"]);
  });

  it("changing one fragment's values leaves the others' alone", () => {
    const throttle = (extra: boolean) => (extra ? sql`hit(${"k"}, ${60})` : sql`hit(${"k"})`);
    const insert = sql`INSERT INTO m VALUES (${"hello"})`;
    const statement = (extra: boolean) => sql`WITH a AS (${throttle(extra)}) ${insert}`;
    expect(statement(false).text).toBe("WITH a AS (hit($1)) INSERT INTO m VALUES ($2)");
    expect(statement(true).text).toBe("WITH a AS (hit($1, $2)) INSERT INTO m VALUES ($3)");
    expect(statement(true).values).toEqual(["k", 60, "hello"]);
  });

  it("an empty fragment adds nothing", () => {
    const statement = sql`SELECT ${1}${sql``} + ${2}`;
    expect(statement.text).toBe("SELECT $1 + $2");
    expect(statement.values).toEqual([1, 2]);
  });
});

describe("joinSql", () => {
  it.each([
    ["nothing", [], undefined, "", []],
    ["one", [sql`${1}`], undefined, "$1", [1]],
    ["a list of values", [1, 2, 3].map((n) => sql`${n}`), undefined, "$1, $2, $3", [1, 2, 3]],
    ["terms with a separator", [sql`a = ${1}`, sql`b = ${2}`], sql` AND `, "a = $1 AND b = $2", [1, 2]],
    ["a separator with a value", [sql`${1}`, sql`${2}`], sql` + ${0} + `, "$1 + $2 + $3", [1, 0, 2]],
  ])("%s", (_, fragments, separator, text, values) => {
    const joined = joinSql(fragments, separator);
    expect(joined.text).toBe(text);
    expect(joined.values).toEqual(values);
  });

  it("composes inside a statement", () => {
    const rows = [
      ["a", 1],
      ["b", 2],
    ].map(([name, n]) => sql`(${name}, ${n})`);
    const statement = sql`INSERT INTO t (name, n) VALUES ${joinSql(rows)} RETURNING ${"x"}`;
    expect(statement.text).toBe("INSERT INTO t (name, n) VALUES ($1, $2), ($3, $4) RETURNING $5");
    expect(statement.values).toEqual(["a", 1, "b", 2, "x"]);
  });
});
