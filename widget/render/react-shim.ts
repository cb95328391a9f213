/**
 * The React API the renderer is written against, on plain Preact. The build
 * aliases "react" and "react-dom/client" here instead of preact/compat:
 * the renderer uses hooks, createRoot and DOM props only, and compat's 2 KB
 * gzip (class components, Children, event-name rewriting) would not fit the
 * budget for an overlay with a form. What compat would rewrite, the renderer
 * avoids: focus bubbling uses native focusin listeners, inputs use onInput.
 * Tests run the components under both this shim and preact/compat.
 */
import { createElement, Fragment, render, type ComponentChild } from "preact";

export { createElement, Fragment };
export { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from "preact/hooks";

/** react-dom/client createRoot on Preact's render. */
export function createRoot(container: Element) {
  return {
    render: (vnode: ComponentChild) => render(vnode, container),
    unmount: () => render(null, container),
  };
}
