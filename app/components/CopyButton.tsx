import { useState } from "react";
import { Button } from "@shopify/polaris";
import { useT } from "#app/i18n/useT";
import type { AdminKey } from "#app/i18n";

/** Copies `text` to the clipboard; says it did once it has. */
export function CopyButton({
  text,
  label = "settings.copy",
  copiedLabel = "settings.copied",
}: {
  text: string;
  label?: AdminKey;
  copiedLabel?: AdminKey;
}) {
  const translate = useT();
  const [copied, setCopied] = useState(false);
  return (
    <Button
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setCopied(true));
      }}
    >
      {copied ? translate(copiedLabel) : translate(label)}
    </Button>
  );
}
