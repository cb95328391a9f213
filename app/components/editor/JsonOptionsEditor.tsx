/**
 * The fallback editor for any option bag: the object as JSON text, applied
 * only when it parses to an object (otherwise the reason is shown and the
 * document keeps its last good value).
 */
import { useEffect, useState } from "react";
import { TextField } from "@shopify/polaris";
import { parseJsonObject } from "./document";
import { useT } from "#app/i18n/useT";

export interface JsonOptionsEditorProps {
  label: string;
  value: Record<string, unknown>;
  onChange(next: Record<string, unknown>): void;
  helpText?: string;
  /** A server error for this bag. */
  error?: string;
}

const pretty = (v: Record<string, unknown>) => (Object.keys(v).length ? JSON.stringify(v, null, 2) : "{}");

/** A monospace JSON text area for an options object. */
export function JsonOptionsEditor({ label, value, onChange, helpText, error }: JsonOptionsEditorProps) {
  const translate = useT();
  const [text, setText] = useState(() => pretty(value));
  const [problem, setProblem] = useState<string | null>(null);
  // Follow changes made elsewhere (other controls edit the same bag) unless the text is mid-edit and invalid.
  useEffect(() => {
    if (problem) return;
    const parsed = parseJsonObject(text, translate);
    if (!parsed.ok || JSON.stringify(parsed.value) !== JSON.stringify(value)) setText(pretty(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return (
    <TextField
      label={label}
      value={text}
      multiline={4}
      monospaced
      autoComplete="off"
      helpText={helpText}
      error={problem ?? error}
      onChange={(next) => {
        setText(next);
        const parsed = parseJsonObject(next, translate);
        if (parsed.ok) {
          setProblem(null);
          onChange(parsed.value);
        } else {
          setProblem(parsed.error);
        }
      }}
    />
  );
}
