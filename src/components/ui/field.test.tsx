import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { Field } from "./field";
import { RangeField } from "./range-field";

/** Parses the markup just enough to read one element's attributes. */
const attrs = (html: string, tag: string) => {
  const match = new RegExp(`<${tag}\\b([^>]*)>`).exec(html);
  return Object.fromEntries([...(match?.[1] ?? "").matchAll(/([\w:-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
};

describe("Field", () => {
  test("the label points at the control; no error, nothing invalid", () => {
    const html = renderToStaticMarkup(<Field label="Title">{(c) => <input {...c} />}</Field>);
    const input = attrs(html, "input");
    expect(attrs(html, "label").for).toBe(input.id);
    expect(input["aria-invalid"]).toBeUndefined();
    expect(input["aria-describedby"]).toBeUndefined();
  });

  test("description and error describe the control, and the error marks it invalid", () => {
    const html = renderToStaticMarkup(
      <Field label="Title" hint="(optional)" description="Shown on the card" error="Title is required">
        {(c) => <input {...c} />}
      </Field>,
    );
    const input = attrs(html, "input");
    expect(input["aria-invalid"]).toBe("true");
    const ids = input["aria-describedby"]!.split(" ");
    expect(ids).toHaveLength(2);
    expect(html).toContain(`id="${ids[0]}">Shown on the card</p>`);
    expect(html).toContain(`id="${ids[1]}">Title is required</p>`);
    expect(html).toContain("(optional)");
  });
});

describe("RangeField", () => {
  const range = { min: 0.5, max: 2.5, step: 0.05 };

  test("names the slider, shows the value with the step's decimals, and offers a reset", () => {
    const html = renderToStaticMarkup(
      <RangeField label="Name & title scale" value={1.1} range={range} onValueChange={() => {}} resetTo={1} />,
    );
    expect(html).toContain('aria-label="Name &amp; title scale"');
    expect(html).toContain('aria-valuemin="0.5"');
    expect(html).toContain('aria-valuemax="2.5"');
    // aria-valuenow is set by Radix once mounted (checked in the browser); the text is there from the start.
    expect(html).toContain('aria-valuetext="1.10"');
    expect(html).toMatch(/<output[^>]*>1.10<\/output>/);
    expect(html).toContain('aria-label="Reset Name &amp; title scale"');
  });

  test("a custom format, and no reset button unless asked", () => {
    const html = renderToStaticMarkup(
      <RangeField
        label="Body"
        value={9}
        range={{ min: 8, max: 16, step: 1 }}
        onValueChange={() => {}}
        format={(v) => `${v} pt`}
      />,
    );
    expect(html).toMatch(/<output[^>]*>9 pt<\/output>/);
    expect(html).not.toContain("Reset");
  });
});
