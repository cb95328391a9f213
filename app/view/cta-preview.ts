/**
 * The live preview of a CTA as visitors will see it: a small HTML page that
 * imports the built renderer bundle (/widget/beckon-renderer.js) and mounts
 * the CTA document, draft included, in the renderer's preview mode, with a
 * runtime that tracks nothing and sends no contact.
 *
 * Two ways in, one page: the editor puts it in a sandboxed iframe (srcdoc,
 * opaque origin: owner scripts in the CTA can never reach the admin) and
 * posts each edit to it, so the preview follows unsaved changes; and
 * /.../ctas/:ctaId/preview?iframe=true&variant=<id> serves it as a page of
 * its own (with a CSP sandbox) showing the stored document.
 * In the editor's frame (`editable`) a click on an element also selects its
 * card in the editor, and text elements can be edited in place.
 */
import type { CtaDocument } from "#contract/schema/cta";
import type { PublicWebsiteConfig } from "#contract/schema/public-config";
import { translator, type Translate } from "#app/i18n";
import type { Language } from "#contract/i18n";

/** What the preview page shows. */
export interface PreviewData {
  cta: CtaDocument;
  /** The variant to show (by id, else by letter); the first one when absent or unknown. */
  variant?: number | string | null;
  /** Position of the step to start on (the editor's selected step); the first step when absent. */
  step?: number | null;
  config: PublicWebsiteConfig;
}

/** The preview page's own words, in the owner's admin language ({variant}, {error} and {name} are filled in the page). */
export interface PreviewTexts {
  lang: Language;
  title: string;
  loading: string;
  shown: string;
  noVariant: string;
  failed: string;
  noRenderer: string;
  again: string;
  sample: string;
  yourPage: string;
}

/** The preview texts of an admin language. */
export function previewTexts(translate: Translate, lang: Language): PreviewTexts {
  return {
    lang,
    title: translate("previewPage.title"),
    loading: translate("previewPage.loading"),
    shown: translate("previewPage.shown"),
    noVariant: translate("previewPage.noVariant"),
    failed: translate("previewPage.failed"),
    noRenderer: translate("previewPage.noRenderer"),
    again: translate("previewPage.again"),
    sample: translate("previewPage.sample"),
    yourPage: translate("previewPage.yourPage"),
  };
}

/** Message type the editor posts to the preview frame with new PreviewData. */
export const PREVIEW_MESSAGE = "beckon-preview";

/**
 * What the editor's preview posts back when the owner clicks an element
 * ("-select"), finishes editing a text element in place ("-text") or a
 * button's label ("-label"): the element's indexes in the step the preview
 * opened on (the editor's step), its type to check against, and the
 * element's new HTML or label.
 */
export interface PreviewPick {
  type: `${typeof PREVIEW_MESSAGE}-select` | `${typeof PREVIEW_MESSAGE}-text` | `${typeof PREVIEW_MESSAGE}-label`;
  section: number;
  column: number;
  element: number;
  elementType: string;
  /** The element's new options.html ("-text" only). */
  html?: string;
  /** The button's new label ("-label" only; plain text). */
  label?: string;
  /** Whether the editor may move focus to the element's card (not while the owner types in the preview). */
  focus?: boolean;
}

/** The longest button label an in-place edit may send. */
const MAX_LABEL_CHARS = 500;

/** A message from the preview frame, checked field by field (it comes from a frame that runs owner scripts); null when it is not a pick. */
export function parsePreviewPick(data: unknown): PreviewPick | null {
  if (!data || typeof data !== "object") return null;
  const record = data as Record<string, unknown>;
  if (
    record.type !== `${PREVIEW_MESSAGE}-select` &&
    record.type !== `${PREVIEW_MESSAGE}-text` &&
    record.type !== `${PREVIEW_MESSAGE}-label`
  )
    return null;
  const index = (v: unknown) => typeof v === "number" && Number.isInteger(v) && v >= 0 && v < 1000;
  if (
    !index(record.section) ||
    !index(record.column) ||
    !index(record.element) ||
    typeof record.elementType !== "string"
  )
    return null;
  if (record.type === `${PREVIEW_MESSAGE}-text` && (typeof record.html !== "string" || record.html.length > 100_000))
    return null;
  if (
    record.type === `${PREVIEW_MESSAGE}-label` &&
    (record.elementType !== "button" ||
      typeof record.label !== "string" ||
      !record.label.trim() ||
      record.label.length > MAX_LABEL_CHARS)
  )
    return null;
  return {
    type: record.type,
    section: record.section as number,
    column: record.column as number,
    element: record.element as number,
    elementType: record.elementType,
    html: record.type === `${PREVIEW_MESSAGE}-text` ? (record.html as string) : undefined,
    ...(record.type === `${PREVIEW_MESSAGE}-label` ? { label: (record.label as string).trim() } : {}),
    focus: record.focus !== false,
  };
}

/** JSON that is safe inside a <script> element (no "</script>", no HTML comment openers). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

// Runs inside the preview page. Plain ES2020, no imports but the renderer.
const PREVIEW_SCRIPT = `
const boot = JSON.parse(document.getElementById("beckon-preview-data").textContent);
const status = document.getElementById("bk-preview-status");
const again = document.getElementById("bk-preview-again");
const area = document.getElementById("bk-preview-area");
let renderer = null;
let mounted = null;
let host = null;
let current = boot.data;
// The document the page shows, as JSON: the same one sent again is not redrawn. An edit made in
// place and sent to the editor changes the page without it, so it is cleared then (tell).
let drawn = JSON.stringify(current);
// A popup takes focus when it opens, as it should on a visitor's page. Here it
// redraws after each edit while the owner types in the editor beside it: focus
// moves only while this frame already has it, or each redraw would steal the
// owner's keystrokes.
const focus = HTMLElement.prototype.focus;
HTMLElement.prototype.focus = function (options) {
  if (document.hasFocus()) focus.call(this, options);
};
// The admin's policy, which a srcdoc frame inherits, lets style elements in by nonce only. The renderer's are
// written for visitors' pages, where none is asked, so every style element made here (by createElement, or by
// createElementNS as Preact makes its elements) gets this page's nonce, read from its script: browsers hide the
// attribute, not the property.
const nonce = document.querySelector("script[nonce]")?.nonce || "";
for (const make of ["createElement", "createElementNS"]) {
  const original = Document.prototype[make];
  Document.prototype[make] = function (...args) {
    const element = original.apply(this, args);
    if (nonce && element.localName === "style") element.nonce = nonce;
    return element;
  };
}
const noop = () => {};
const runtime = {
  track: noop,
  dispatch: noop,
  savePerson: noop,
  submitContact: () => Promise.resolve({ skipped: true }),
  showCta: (id) => { status.textContent = "Here CTA " + id + " would open."; },
  store: null,
};
function pick(data) {
  const cta = data.cta;
  const want = data.variant;
  const variants = cta.variants || [];
  const variant = variants.find((x) => want != null && (String(x.id) === String(want) || x.variation === want)) || variants[0];
  if (!variant) return null;
  if (data.step == null) return variant;
  // The editor's selected step goes first; the others keep their order.
  const steps = (variant.steps || []).map((s) => (s.position === data.step ? Object.assign({}, s, { position: -1 }) : s));
  return Object.assign({}, variant, { steps });
}
function show(data) {
  // A document can arrive while the owner types in place (the editor's answer to an edit just sent
  // comes late on a busy machine): the edit goes on in the new drawing instead of losing the keys typed.
  const resume = editing && editing.block.isConnected ? { at: editing.at, label: editing.label, part: editing.part, html: editing.block.innerHTML, original: editing.original } : null;
  // Taking the edited node out of the page must not read as the owner leaving it (a commit on blur).
  editing = null;
  current = data;
  drawn = JSON.stringify(data);
  if (mounted) { try { mounted.unmount(); } catch (e) {} mounted = null; }
  if (host) host.remove();
  again.hidden = true;
  const variant = pick(data);
  if (!variant) { status.textContent = boot.texts.noVariant; return; }
  host = document.createElement("beckon-cta");
  host.setAttribute("data-beckon-cta", String(data.cta.id || 0));
  const inline = data.cta.cta_type === "inline" || data.cta.cta_type === "page";
  (inline ? area : document.body).appendChild(host);
  try {
    mounted = renderer.mountCta({
      host, cta: data.cta, variant, config: data.config, person: null, runtime,
      broadcastId: data.cta.broadcast_id || null, mode: "preview",
      onClose: () => { if (mounted) mounted.unmount(); mounted = null; host.remove(); host = null; again.hidden = false; },
    });
    status.textContent = boot.texts.shown.replace("{variant}", () => variant.variation);
    watch(host.shadowRoot);
    if (resume) resumeEdit(resume);
  } catch (e) {
    status.textContent = boot.texts.failed.replace("{error}", () => String(e && e.message ? e.message : e));
  }
}
again.addEventListener("click", () => show(current));
// In the editor's frame: a click on an element selects its card in the editor,
// and the text of a text element or the label of a button (without merge
// tags) can be edited in place.
// The renderer marks nothing (it stays small): an element is the child of a
// .bk-column at the same index as in its column, checked against the counts.
const parentOrigin = (location.ancestorOrigins && location.ancestorOrigins[0]) || "*";
function tell(msg) {
  if (msg.type !== ${JSON.stringify(PREVIEW_MESSAGE + "-select")}) drawn = null;
  if (boot.editable && window.parent !== window) window.parent.postMessage(msg, parentOrigin);
}
function shownStep(variant) {
  const steps = (variant.steps || []).slice().sort((a, b) => a.position - b.position);
  return steps[0] || null;
}
function byPos(list) { return (list || []).slice().sort((a, b) => a.position - b.position); }
function locate(target) {
  let node = target;
  while (node && !(node.parentElement && node.parentElement.classList.contains("bk-column"))) node = node.parentElement;
  if (!node) return null;
  const column = node.parentElement;
  const section = column.closest(".bk-section");
  if (!section || !section.parentElement) return null;
  const sections = Array.from(section.parentElement.children).filter((e) => e.classList.contains("bk-section"));
  const columns = Array.from(section.children).filter((e) => e.classList.contains("bk-column"));
  const si = sections.indexOf(section), ci = columns.indexOf(column), ei = Array.from(column.children).indexOf(node);
  const variant = pick(current);
  const step = variant && shownStep(variant);
  const secs = step && byPos(step.sections);
  if (!secs || secs.length !== sections.length) return null;
  const cols = byPos(secs[si].columns);
  if (cols.length !== columns.length) return null;
  const els = byPos(cols[ci].elements);
  if (els.length !== column.children.length) return null;
  return { node, element: els[ei], section: si, column: ci, index: ei };
}
const EDITABLE = "h1,h2,h3,h4,p,li";
// The element at a place (section, column, index) of the shown step, as locate() numbers them.
function nodeAt(root, at) {
  const first = root.querySelector(".bk-section");
  if (!first || !first.parentElement) return null;
  const section = Array.from(first.parentElement.children).filter((e) => e.classList.contains("bk-section"))[at.section];
  const column = section && Array.from(section.children).filter((e) => e.classList.contains("bk-column"))[at.column];
  return (column && column.children[at.index]) || null;
}
function textOf(node) { return node.classList.contains("bk-text") ? node : node.querySelector(".bk-text") || node; }
function startEdit(block, state) {
  editing = Object.assign({ block, before: block.innerHTML }, state);
  block.setAttribute("contenteditable", "true");
  block.focus();
}
// The caret after the text: a label is short and usually extended, not rewritten from its start.
function caretAtEnd(block) {
  const range = document.createRange();
  range.selectNodeContents(block);
  range.collapse(false);
  const selection = window.getSelection();
  if (selection) { selection.removeAllRanges(); selection.addRange(range); }
}
function resumeEdit(r) {
  const node = host && nodeAt(host.shadowRoot, r.at);
  const block = node && (r.label ? node.querySelector(".bk-button") : textOf(node).querySelectorAll(EDITABLE)[r.part]);
  if (!block) return;
  const at = Object.assign({}, r.at, { node });
  startEdit(block, r.label ? { container: node, at, original: r.original, label: true } : { container: textOf(node), at, original: r.original, part: r.part });
  block.innerHTML = r.html;
  caretAtEnd(block);
}
let editing = null;
// The owner's HTML back from the rendered text: without the attributes the
// renderer adds (heading ids, link rel); links keep their address and target.
function ownerHtml(container) {
  const copy = container.cloneNode(true);
  copy.querySelectorAll("*").forEach((n) => {
    for (const a of Array.from(n.attributes)) if (!(n.tagName === "A" && (a.name === "href" || a.name === "target"))) n.removeAttribute(a.name);
  });
  return copy.innerHTML;
}
function finishEdit(commit) {
  const edit = editing;
  if (!edit) return;
  editing = null;
  edit.block.removeAttribute("contenteditable");
  if (!commit) { edit.block.innerHTML = edit.before; return; }
  if (edit.label) {
    const label = edit.block.textContent.replace(/\\s+/g, " ").trim();
    // An emptied button would have no name: the old label stays.
    if (!label) { edit.block.innerHTML = edit.before; return; }
    if (label !== edit.original) tell({ type: ${JSON.stringify(PREVIEW_MESSAGE + "-label")}, section: edit.at.section, column: edit.at.column, element: edit.at.index, elementType: "button", label });
    return;
  }
  const html = ownerHtml(edit.container);
  if (html !== edit.original) tell({ type: ${JSON.stringify(PREVIEW_MESSAGE + "-text")}, section: edit.at.section, column: edit.at.column, element: edit.at.index, elementType: "text", html });
}
// The label a button shows from its options; null when it has merge tags (the preview shows them filled).
function buttonLabel(opts) {
  const label = String(opts["button-text"] || opts.text || "");
  return label.indexOf("{{") < 0 ? label : null;
}
function onClick(event) {
  const target = event.composedPath()[0];
  const at = locate(target);
  if (!at) return;
  const opts = at.element.options || {};
  const type = at.element.element_type;
  const isLabel = type === "button" && buttonLabel(opts) !== null;
  const block = isLabel
    ? at.node.querySelector(".bk-button")
    : type === "text" && typeof opts.html === "string" && opts.html.indexOf("{{") < 0 ? target.closest && target.closest(EDITABLE) : null;
  const inPlace = block && at.node.contains(block) && block.contains(target);
  if (inPlace && isLabel) {
    // Editing the label, not following the link or converting.
    event.preventDefault();
    event.stopPropagation();
  }
  tell({ type: ${JSON.stringify(PREVIEW_MESSAGE + "-select")}, section: at.section, column: at.column, element: at.index, elementType: type, focus: !inPlace });
  if (!inPlace || (editing && editing.block === block)) return;
  finishEdit(true);
  // A text element with a look of its own sits in a box that carries it: its HTML is the .bk-text inside.
  const text = textOf(at.node);
  if (isLabel) {
    startEdit(block, { container: at.node, at, original: block.textContent.trim(), label: true });
    caretAtEnd(block);
  } else {
    startEdit(block, { container: text, at, original: ownerHtml(text), part: Array.from(text.querySelectorAll(EDITABLE)).indexOf(block) });
  }
}
function onKey(event) {
  if (!editing || event.composedPath()[0] !== editing.block) return;
  if (event.key === "Enter" && (!event.shiftKey || editing.label)) { event.preventDefault(); editing.block.blur(); }
  // Space would press the button being edited: it types a space instead.
  else if (event.key === " " && editing.label) { event.preventDefault(); document.execCommand("insertText", false, " "); }
  else if (event.key === "Escape") { event.preventDefault(); event.stopPropagation(); finishEdit(false); }
}
function onBlur(event) { if (editing && event.composedPath()[0] === editing.block) finishEdit(true); }
// Pasted text arrives as text: markup from elsewhere never enters the document through the preview.
function onPaste(event) {
  if (!editing || event.composedPath()[0] !== editing.block) return;
  event.preventDefault();
  document.execCommand("insertText", false, (event.clipboardData && event.clipboardData.getData("text/plain")) || "");
}
function watch(root) {
  if (!boot.editable || !root) return;
  root.addEventListener("click", onClick, true);
  root.addEventListener("keydown", onKey, true);
  root.addEventListener("focusout", onBlur, true);
  root.addEventListener("paste", onPaste, true);
}
window.addEventListener("message", (event) => {
  // Only the page that framed us may drive the preview.
  if (event.source !== window.parent || window.parent === window) return;
  if (parentOrigin !== "*" && event.origin !== parentOrigin) return;
  const msg = event.data;
  // The same document again (the editor sends its state once the frame is ready) is not redrawn:
  // a redraw would end an in-place edit the owner has just begun.
  if (msg && msg.type === ${JSON.stringify(PREVIEW_MESSAGE)} && msg.data && renderer && JSON.stringify(msg.data) !== drawn) show(msg.data);
  // The editor asks once it listens: a "ready" sent before it hydrated went unheard.
  if (msg && msg.type === ${JSON.stringify(PREVIEW_MESSAGE + "-ping")} && renderer) ready();
});
function ready() {
  if (window.parent !== window) window.parent.postMessage({ type: ${JSON.stringify(PREVIEW_MESSAGE + "-ready")} }, parentOrigin);
}
import(boot.rendererUrl).then((mod) => {
  renderer = mod;
  show(current);
  ready();
}, (e) => {
  status.textContent = boot.texts.noRenderer;
});
`;

/**
 * The whole preview page. `rendererUrl` is the absolute address of the
 * renderer bundle; `nonce`, the admin document's CSP nonce, lets its boot
 * script and style elements in where the admin's policy applies (a srcdoc
 * frame inherits it).
 */
export function previewHtml(
  data: PreviewData,
  rendererUrl: string,
  nonce?: string,
  editable = false,
  texts: PreviewTexts = previewTexts(translator("en"), "en"),
): string {
  const title = texts.title.replace("{name}", data.cta.name);
  const nonceAttribute = nonce ? ` nonce="${escapeHtml(nonce)}"` : "";
  return `<!doctype html>
<html lang="${texts.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style${nonceAttribute}>
  body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: #303030; background: #f6f6f7; }
  main { max-width: 760px; margin: 0 auto; padding: 16px 20px 48px; }
  .bk-preview-bar { font-size: 13px; color: #4a4a4a; display: flex; gap: 12px; align-items: center; flex-wrap: wrap; margin-bottom: 12px; }
  .bk-line { height: 12px; background: #dcdfe3; border-radius: 6px; margin: 12px 0; }
  .bk-block { height: 120px; background: #e4e7ea; border-radius: 10px; margin: 20px 0; }
  #bk-preview-area { margin: 20px 0; }
  button { font: inherit; padding: 4px 10px; border-radius: 8px; border: 1px solid #8a8a8a; background: #fff; cursor: pointer; }
</style>
</head>
<body>
<main aria-label="${escapeHtml(texts.sample)}">
  <div class="bk-preview-bar">
    <p id="bk-preview-status" role="status">${escapeHtml(texts.loading)}</p>
    <button type="button" id="bk-preview-again" hidden>${escapeHtml(texts.again)}</button>
  </div>
  <h1 style="font-size:20px;margin:0 0 8px">${escapeHtml(texts.yourPage)}</h1>
  <div class="bk-line" style="width:92%"></div>
  <div class="bk-line" style="width:85%"></div>
  <div class="bk-line" style="width:60%"></div>
  <div id="bk-preview-area" data-beckon-preview-area></div>
  <div class="bk-block"></div>
  <div class="bk-line" style="width:88%"></div>
  <div class="bk-line" style="width:72%"></div>
</main>
<script type="application/json" id="beckon-preview-data">${scriptJson({ data, rendererUrl, editable, texts })}</script>
<script type="module"${nonceAttribute}>${PREVIEW_SCRIPT}</script>
</body>
</html>`;
}

/** Headers of the stand-alone preview page: no caching, framed only by our own pages, and sandboxed like the editor's frame. */
export const PREVIEW_HEADERS: Record<string, string> = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "private, no-store",
  "X-Frame-Options": "SAMEORIGIN",
  // sandbox: owner scripts in the CTA run in an opaque origin, away from the admin's cookies.
  "Content-Security-Policy": "frame-ancestors 'self'; sandbox allow-scripts allow-forms allow-popups",
};
