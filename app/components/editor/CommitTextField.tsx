/**
 * A text field for values typed as text but stored parsed (id lists,
 * "id:quantity" pairs): the owner's text is kept while typing and parsed
 * when the field loses focus, so a half-typed "123," is never rewritten.
 */
import { useEffect, useState } from "react";
import { TextField } from "@shopify/polaris";

export interface CommitTextFieldProps {
  label: string;
  /** The stored value as text. */
  text: string;
  onCommit(text: string): void;
  helpText?: string;
  error?: string;
  placeholder?: string;
  /** The label is read by screen readers only (a table cell's column says what it is). */
  labelHidden?: boolean;
  inputMode?: "numeric" | "text";
}

/** TextField that commits on blur. */
export function CommitTextField({
  label,
  text,
  onCommit,
  helpText,
  error,
  placeholder,
  labelHidden,
  inputMode,
}: CommitTextFieldProps) {
  const [draft, setDraft] = useState(text);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!editing) setDraft(text);
  }, [text, editing]);
  return (
    <TextField
      label={label}
      value={draft}
      onChange={setDraft}
      onFocus={() => setEditing(true)}
      onBlur={() => {
        setEditing(false);
        onCommit(draft);
      }}
      autoComplete="off"
      helpText={helpText}
      error={error}
      placeholder={placeholder}
      labelHidden={labelHidden}
      inputMode={inputMode}
    />
  );
}
