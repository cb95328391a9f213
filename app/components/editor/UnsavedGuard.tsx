/**
 * Keeps unsaved edits from being lost. In the standalone admin: a modal
 * before in-app navigation and the browser's own prompt before closing or
 * reloading the tab. Inside Shopify's admin: App Bridge's save bar, which
 * also makes the admin itself hold navigation while it shows.
 */
import { useEffect } from "react";
import { useBlocker } from "@remix-run/react";
import { Modal, Text } from "@shopify/polaris";
import { SaveBar } from "@shopify/app-bridge-react";
import { useT } from "#app/i18n/useT";

/** The standalone admin's guard: a "Leave without saving?" modal and beforeunload, both only while dirty. */
export function OwnerUnsavedGuard({ dirty }: { dirty: boolean }) {
  const translate = useT();
  // Submitting the editor's own form posts to the same path: only leaving the page is guarded.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older Chromium and Safari only prompt when returnValue is set.
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  // Saved meanwhile (or the edits were undone): let a held navigation go on.
  useEffect(() => {
    if (blocker.state === "blocked" && !dirty) blocker.proceed();
  }, [blocker, dirty]);

  return (
    <Modal
      open={blocker.state === "blocked"}
      onClose={() => blocker.reset?.()}
      title={translate("safeEdit.leaveTitle")}
      primaryAction={{ content: translate("safeEdit.stay"), onAction: () => blocker.reset?.() }}
      secondaryActions={[
        { content: translate("safeEdit.leave"), destructive: true, onAction: () => blocker.proceed?.() },
      ]}
    >
      <Modal.Section>
        <Text as="p">{translate("safeEdit.leaveBody")}</Text>
      </Modal.Section>
    </Modal>
  );
}

/** Inside Shopify's admin: App Bridge's contextual save bar with Save and Discard while dirty. */
export function ShopifySaveBar({
  dirty,
  busy,
  onSave,
  onDiscard,
}: {
  dirty: boolean;
  busy: boolean;
  onSave: () => void;
  onDiscard: () => void;
}) {
  const translate = useT();
  return (
    <SaveBar id="cta-save-bar" open={dirty}>
      {/* App Bridge reads these buttons' variant, loading and disabled attributes and mirrors them in the admin's bar. */}
      <button {...{ variant: "primary" }} onClick={onSave} disabled={busy}>
        {translate("editor.save")}
      </button>
      <button onClick={onDiscard} disabled={busy}>
        {translate("safeEdit.discard")}
      </button>
    </SaveBar>
  );
}
