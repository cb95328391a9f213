/**
 * The editor's live preview: the preview page (app/view/cta-preview.ts)
 * in a sandboxed iframe. The page is written once; every later edit is
 * posted to it, so it follows unsaved changes without reloading.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { BlockStack, Button, ButtonGroup, InlineStack, Select, Text } from "@shopify/polaris";
import type { CtaDocument } from "#contract/schema/cta";
import type { PublicWebsiteConfig } from "#contract/schema/public-config";
import {
  parsePreviewPick,
  PREVIEW_MESSAGE,
  previewHtml,
  previewTexts,
  type PreviewData,
  type PreviewPick,
} from "#app/view/cta-preview";
import { useNonce } from "#app/server/csp-nonce";
import { useT } from "#app/i18n/useT";

export interface PreviewFrameProps {
  cta: CtaDocument;
  config: PublicWebsiteConfig;
  rendererUrl: string;
  /** Index of the variant and position of the step the editor shows. */
  variantIndex: number;
  stepPosition: number | null;
  /** Link to the stand-alone preview page of the stored CTA. */
  openUrl?: string;
  /** The owner clicked an element in the preview of the edited variant, or edited its text in place. */
  onPick?(pick: PreviewPick): void;
}

const SIZES = { desktop: 900, mobile: 390 } as const;

/** The preview iframe with a variant picker and desktop/mobile widths. */
export function PreviewFrame({
  cta,
  config,
  rendererUrl,
  variantIndex,
  stepPosition,
  openUrl,
  onPick,
}: PreviewFrameProps) {
  const translate = useT();
  const frame = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  const [size, setSize] = useState<keyof typeof SIZES>("desktop");
  const [variant, setVariant] = useState<number | null>(null);
  const [reload, setReload] = useState(0);
  const shownVariant = variant ?? variantIndex;
  const data: PreviewData = {
    cta,
    config,
    variant: cta.variants[shownVariant]?.variation ?? null,
    step: variant === null ? stepPosition : null,
  };
  const nonce = useNonce();
  // The first document only: later changes travel by postMessage.
  const srcDoc = useMemo(
    () => previewHtml(data, rendererUrl, nonce, true, previewTexts(translate, translate.lang)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rendererUrl, reload],
  );
  // The latest handler and whether the preview shows the edited variant, for the one message listener.
  const pickRef = useRef<{ onPick?: PreviewFrameProps["onPick"]; editedVariant: boolean }>({
    onPick,
    editedVariant: true,
  });
  pickRef.current = { onPick, editedVariant: variant === null };

  useEffect(() => {
    const onMessage = (messageEvent: MessageEvent) => {
      // Only our frame, whose sandbox gives it an opaque origin ("null"), speaks to the editor.
      if (messageEvent.source !== frame.current?.contentWindow || messageEvent.origin !== "null") return;
      if ((messageEvent.data as { type?: string } | null)?.type === `${PREVIEW_MESSAGE}-ready`) setReady(true);
      const pick = parsePreviewPick(messageEvent.data);
      // A pick in another variant than the edited one (the "Variant shown" choice) has no card here.
      if (pick && pickRef.current.editedVariant) pickRef.current.onPick?.(pick);
    };
    window.addEventListener("message", onMessage);
    // The frame may have loaded and said "ready" before this listener existed
    // (it is in the server's HTML, so it can load before hydration): ask again.
    frame.current?.contentWindow?.postMessage({ type: `${PREVIEW_MESSAGE}-ping` }, "*");
    return () => window.removeEventListener("message", onMessage);
  }, []);

  const json = JSON.stringify(data);
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => {
      // The frame's origin is opaque (sandbox without allow-same-origin): "*" is the only target that reaches it.
      frame.current?.contentWindow?.postMessage({ type: PREVIEW_MESSAGE, data: JSON.parse(json) as PreviewData }, "*");
    }, 250);
    return () => clearTimeout(timer);
  }, [json, ready]);

  return (
    <BlockStack gap="200">
      <InlineStack align="space-between" blockAlign="center" gap="200">
        <Text as="h2" variant="headingMd">
          {translate("editor.preview")}
        </Text>
        <InlineStack gap="200" blockAlign="center">
          {cta.variants.length > 1 ? (
            <Select
              label={translate("editorUi.variantShown")}
              labelInline
              options={[
                { label: translate("editorUi.variantEdited"), value: "" },
                ...cta.variants.map((ctaVariant, index) => ({
                  label: translate("editorUi.variantX", { variant: ctaVariant.variation }),
                  value: String(index),
                })),
              ]}
              value={variant === null ? "" : String(variant)}
              onChange={(v) => setVariant(v === "" ? null : Number(v))}
            />
          ) : null}
          <ButtonGroup variant="segmented">
            <Button pressed={size === "desktop"} onClick={() => setSize("desktop")}>
              {translate("editorUi.desktop")}
            </Button>
            <Button pressed={size === "mobile"} onClick={() => setSize("mobile")}>
              {translate("editorUi.mobile")}
            </Button>
          </ButtonGroup>
          <Button
            onClick={() => {
              setReady(false);
              setReload((n) => n + 1);
            }}
          >
            {translate("editorUi.restart")}
          </Button>
          {openUrl ? (
            <Button url={openUrl} target="_blank" variant="plain">
              {translate("editorUi.openSaved")}
            </Button>
          ) : null}
        </InlineStack>
      </InlineStack>
      <div
        style={{
          border: "1px solid #d4d4d4",
          borderRadius: 8,
          overflow: "hidden",
          background: "#fff",
          maxWidth: SIZES[size],
          margin: "0 auto",
          width: "100%",
        }}
      >
        <iframe
          ref={frame}
          key={reload}
          title={translate("editorUi.previewOf", { name: cta.name })}
          srcDoc={srcDoc}
          // No allow-same-origin: scripts the CTA carries run in an opaque origin, away from the admin.
          sandbox="allow-scripts allow-forms allow-popups"
          style={{ width: "100%", height: 560, border: 0, display: "block" }}
        />
      </div>
      <Text as="p" tone="subdued">
        {translate("editorUi.previewHelp")}
      </Text>
    </BlockStack>
  );
}
