import { useEffect, useState } from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { PasswordVerdict } from "~/lib/password-strength";

const SCORE_WORDS = ["Very weak", "Weak", "Fair", "Strong", "Very strong"] as const;

/**
 * A new password with the same strength estimate the server enforces, as the person types. The estimator and
 * its dictionaries are fetched when this field first appears, never with the screen.
 */
export function NewPasswordField({
  name,
  label,
  personal,
  error,
}: {
  name: string;
  label: string;
  /** The person's username and display name: a password must not lean on them. */
  personal: string[];
  error?: string;
}) {
  const [value, setValue] = useState("");
  const [verdict, setVerdict] = useState<PasswordVerdict | null>(null);
  const key = personal.join("\n");
  useEffect(() => {
    if (!value) return setVerdict(null);
    let current = true;
    void import("~/lib/password-strength").then(({ passwordVerdict }) => {
      if (current) setVerdict(passwordVerdict(value, key.split("\n")));
    });
    return () => {
      current = false;
    };
  }, [value, key]);
  return (
    <Field
      label={label}
      error={error}
      description={
        verdict ? (
          <span className={verdict.ok ? "text-green-800" : "text-red-800"}>
            {SCORE_WORDS[verdict.score]}
            {verdict.problem ? `: ${verdict.problem}` : ""}
          </span>
        ) : (
          "At least 12 characters; a few unrelated words work well."
        )
      }
    >
      {(control) => (
        <Input
          {...control}
          name={name}
          type="password"
          autoComplete="new-password"
          required
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
      )}
    </Field>
  );
}
