import { useLayoutEffect, useRef } from "react";
import { sanitizeHtml } from "./sanitize";

/** Owner rich text, sanitized and inserted as built nodes (never as an HTML string). */
export function Html({ html, className, role }: { html: string; className?: string; role?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el) el.replaceChildren(sanitizeHtml(html, el.ownerDocument));
  }, [html]);
  return <div ref={ref} className={className} role={role} />;
}
