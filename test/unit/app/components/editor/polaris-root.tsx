/**
 * A React root for the admin's editor components, inside the Polaris app
 * frame they render in: act() knows it runs in tests, and after each test
 * the root is unmounted and the page emptied so no test sees another's DOM.
 */
import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach } from "vitest";
import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";

(globalThis as unknown as { IS_REACT_ACT_ENVIRONMENT: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Registers the cleanup; the function it returns mounts a fresh container on the page. */
export function withPolarisRoot() {
  let root: Root | null = null;
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    document.body.innerHTML = "";
  });
  return () => {
    const div = document.createElement("div");
    document.body.appendChild(div);
    const current = createRoot(div);
    root = current;
    /** Draws `node` inside Polaris's AppProvider (English). */
    const render = (node: ReactNode) => current.render(<AppProvider i18n={en}>{node}</AppProvider>);
    /** Clicks the button named `name` (its aria-label, else its text), as a person would. */
    const press = (name: string) =>
      act(async () =>
        [...div.querySelectorAll("button")]
          .find((b) => (b.getAttribute("aria-label") ?? b.textContent) === name)!
          .click(),
      );
    return { div, render, press };
  };
}
