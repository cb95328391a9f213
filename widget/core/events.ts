/** Client events for host pages (SPEC 7): cfReady, cfView, cfSubmit, cfConversion, cfClose ... on document. */
export function dispatch(name: string, detail: Record<string, unknown> = {}, doc: Document = document): void {
  try {
    doc.dispatchEvent(new CustomEvent(name, { detail }));
  } catch {
    /* a host listener threw, or no CustomEvent: never our problem to surface */
  }
}
