/**
 * A text element's rich text in the editor: the Tiptap editor, fetched the
 * first time a text element opens in the browser. Its code is a chunk of its
 * own (the CTA list and closed cards never download Tiptap), and a .client
 * module, so the server neither renders it (Tiptap needs the DOM) nor
 * splits its build around it.
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { Text } from "@shopify/polaris";
import type { RichTextEditorProps } from "./RichTextEditor.client";
import { useT } from "#app/i18n/useT";

const RichTextEditor = lazy(() => import("./RichTextEditor.client"));

/** The lazily loaded rich-text editor, with a loading line on the server and until it arrives. */
export function RichTextField(props: RichTextEditorProps) {
  const translate = useT();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const loading = (
    <Text as="p" tone="subdued">
      {translate("richText.loading")}
    </Text>
  );
  if (!mounted) return loading;
  return (
    <Suspense fallback={loading}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
