/**
 * The rich-text editor of a text element (Tiptap): bold, italic, links
 * checked as they are added, bulleted and numbered lists and, where the
 * element allows them, headings; it writes the HTML the widget renders, so
 * owners never type markup. Loaded on its own (RichTextField imports it
 * lazily): Tiptap and ProseMirror stay out of every page but an open text
 * element. The editor only holds the owner's typing: the value in the
 * document stays the truth, so undo, redo and edits made in the preview
 * arrive here as a new value and replace the content without echoing back.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Button, InlineStack, TextField } from "@shopify/polaris";
import { checkLinkAddress, isAllowedLink, MAX_LINK_CHARS } from "#app/view/link-address";
import { useNonce } from "#app/server/csp-nonce";
import { useT } from "#app/i18n/useT";

export interface RichTextEditorProps {
  label: string;
  /** The element's HTML ("" for none). */
  value: string;
  onChange(html: string): void;
  /** Heading levels the element may use (none: no text-style choice). */
  headingLevels?: readonly (1 | 2 | 3)[];
}

// Scoped by class; rendered with the page's nonce, as the admin's policy asks of style elements (scripts/serve.ts).
// Polaris colours, a 2 px focus ring as Polaris draws it.
const CSS = `.bk-rte{border:1px solid #8a8a8a;border-radius:8px;background:#fff}
.bk-rte-bar{display:flex;flex-wrap:wrap;align-items:center;gap:6px;padding:6px;border-bottom:1px solid #e3e3e3}
.bk-rte-tools{display:flex;flex-wrap:wrap;gap:4px}
.bk-rte-bar button,.bk-rte-bar select{font:inherit;font-size:13px;min-height:32px;padding:4px 10px;border:1px solid #b5b5b5;border-radius:8px;background:#fff;color:#303030;cursor:pointer}
.bk-rte-bar button[aria-pressed=true]{background:#303030;border-color:#303030;color:#fff}
.bk-rte-bar :is(button,select):focus-visible,.bk-rte-text:focus-visible{outline:2px solid #005bd3;outline-offset:1px}
.bk-rte-text{min-height:96px;padding:8px 12px;line-height:1.5}
.bk-rte-text:focus{outline:2px solid #005bd3;outline-offset:-2px;border-radius:0 0 8px 8px}
.bk-rte-text>:first-child{margin-top:0}
.bk-rte-text p,.bk-rte-text ul,.bk-rte-text ol{margin:0 0 .5em}
.bk-rte-text :is(ul,ol){padding-left:1.5em}
.bk-rte-text h1{font-size:1.6em}.bk-rte-text h2{font-size:1.35em}.bk-rte-text h3{font-size:1.15em}
.bk-rte-text :is(h1,h2,h3){margin:0 0 .4em;line-height:1.25;font-weight:650}
.bk-rte-text a{color:#005bd3;text-decoration:underline}
.bk-rte-link{padding:8px;border-bottom:1px solid #e3e3e3}`;

/** The tools of the toolbar in their order: the marks and lists Tiptap toggles, and the link form. */
const TOOLS = ["bold", "italic", "link", "bulletList", "orderedList"] as const;
type Tool = (typeof TOOLS)[number];

const SHORTCUTS: Partial<Record<Tool, string>> = { bold: "Control+B", italic: "Control+I", link: "Control+K" };

/** The HTML to store: nothing for an empty editor (Tiptap says "<p></p>"). */
const htmlOf = (editor: Editor) => (editor.isEmpty ? "" : editor.getHTML());

/** The Tiptap editor with its labelled toolbar; default export for React.lazy. */
export default function RichTextEditor({ label, value, onChange, headingLevels = [] }: RichTextEditorProps) {
  const translate = useT();
  // The admin lets style elements in by nonce only: this editor's and the one Tiptap adds carry it.
  const nonce = useNonce();
  const labelId = useId();
  const hintId = useId();
  const [linkOpen, setLinkOpen] = useState(false);
  // What the editor last wrote: a value equal to it is our own echo, anything else came from outside.
  const written = useRef(value);
  const change = useRef(onChange);
  change.current = onChange;
  const openLink = useRef(() => {});
  openLink.current = () => setLinkOpen(true);

  const editor = useEditor({
    immediatelyRender: false,
    injectNonce: nonce,
    shouldRerenderOnTransaction: false,
    content: value,
    extensions: [
      StarterKit.configure({
        heading: headingLevels.length ? { levels: [...headingLevels] } : false,
        // Only what the widget renders (contract/rich-text/allow-list.ts): no code, quotes, rules or strike-through.
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        // A trailing paragraph would be added to every heading-only text the first time it is touched.
        trailingNode: false,
        // The builder's own history undoes the document (Ctrl+Z anywhere); a second stack here would undo twice.
        undoRedo: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: "https",
          isAllowedUri: (url) => isAllowedLink(url),
          // The widget adds rel itself; a plain <a href> is what the server keeps.
          HTMLAttributes: { target: null, rel: null, class: null },
        },
      }),
    ],
    editorProps: {
      attributes: {
        class: "bk-rte-text",
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        "aria-describedby": hintId,
      },
      handleKeyDown: (_view, event) => {
        if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k") {
          event.preventDefault();
          openLink.current();
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = htmlOf(e);
      written.current = html;
      change.current(html);
    },
  });

  useEffect(() => {
    if (!editor || value === written.current) return;
    written.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: liveEditor }) =>
      liveEditor
        ? {
            bold: liveEditor.isActive("bold"),
            italic: liveEditor.isActive("italic"),
            link: liveEditor.isActive("link"),
            bulletList: liveEditor.isActive("bulletList"),
            orderedList: liveEditor.isActive("orderedList"),
            heading: headingLevels.find((level) => liveEditor.isActive("heading", { level })) ?? 0,
            href: String(liveEditor.getAttributes("link").href ?? ""),
          }
        : null,
  });

  const run: Record<Exclude<Tool, "link">, (e: Editor) => void> = {
    bold: (e) => e.chain().focus().toggleBold().run(),
    italic: (e) => e.chain().focus().toggleItalic().run(),
    bulletList: (e) => e.chain().focus().toggleBulletList().run(),
    orderedList: (e) => e.chain().focus().toggleOrderedList().run(),
  };

  // One tab stop for the toolbar; arrow keys move between its buttons (WAI-ARIA toolbar pattern).
  const [active, setActive] = useState(0);
  const tools = useRef<(HTMLButtonElement | null)[]>([]);
  const onToolbarKey = (event: KeyboardEvent) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    const to =
      event.key === "Home" ? 0 : event.key === "End" ? TOOLS.length - 1 : (active + step + TOOLS.length) % TOOLS.length;
    if (!step && event.key !== "Home" && event.key !== "End") return;
    event.preventDefault();
    setActive(to);
    tools.current[to]?.focus();
  };

  return (
    <div>
      <style nonce={nonce}>{CSS}</style>
      <div id={labelId} style={{ marginBottom: 4 }}>
        {label}
      </div>
      <div className="bk-rte">
        <div className="bk-rte-bar">
          {headingLevels.length ? (
            <select
              aria-label={translate("richText.blockType")}
              value={String(state?.heading ?? 0)}
              disabled={!editor}
              onChange={(changeEvent) => {
                const level = Number(changeEvent.currentTarget.value) as 0 | 1 | 2 | 3;
                if (!editor) return;
                if (level) editor.chain().focus().setHeading({ level }).run();
                else editor.chain().focus().setParagraph().run();
              }}
            >
              <option value="0">{translate("richText.paragraph")}</option>
              {headingLevels.map((level) => (
                <option key={level} value={String(level)}>
                  {translate("richText.heading", { level: String(level) })}
                </option>
              ))}
            </select>
          ) : null}
          <div
            className="bk-rte-tools"
            role="toolbar"
            aria-label={translate("richText.toolbar", { label })}
            onKeyDown={onToolbarKey}
          >
            {TOOLS.map((tool, index) => (
              <button
                key={tool}
                ref={(el) => {
                  tools.current[index] = el;
                }}
                type="button"
                tabIndex={index === active ? 0 : -1}
                aria-pressed={tool === "link" ? (state?.link ?? false) || linkOpen : (state?.[tool] ?? false)}
                aria-keyshortcuts={SHORTCUTS[tool]}
                disabled={!editor}
                onFocus={() => setActive(index)}
                // A mouse press keeps focus (and the selection) in the text, so keys typed
                // right after a click go to the text, not to the toolbar.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  if (!editor) return;
                  if (tool === "link") setLinkOpen(!linkOpen);
                  else run[tool](editor);
                }}
                style={tool === "bold" ? { fontWeight: 700 } : tool === "italic" ? { fontStyle: "italic" } : undefined}
              >
                {translate(`richText.${tool}`)}
              </button>
            ))}
          </div>
        </div>
        {linkOpen && editor ? (
          <LinkForm editor={editor} href={state?.href ?? ""} onDone={() => setLinkOpen(false)} />
        ) : null}
        <EditorContent editor={editor} />
      </div>
      <p id={hintId} style={{ margin: "4px 0 0", color: "#616161" }}>
        {translate("richText.keys")}
      </p>
    </div>
  );
}

/** The link address form under the toolbar: checks the address, then sets, replaces or removes the link of the selection. */
function LinkForm({ editor, href, onDone }: { editor: Editor; href: string; onDone(): void }) {
  const translate = useT();
  const [typed, setTyped] = useState(href);
  const [error, setError] = useState<string | undefined>();
  const problems = {
    empty: translate("richText.linkEmpty"),
    tooLong: translate("richText.linkTooLong", { max: String(MAX_LINK_CHARS) }),
    scheme: translate("richText.linkScheme"),
    invalid: translate("richText.linkInvalid"),
  };
  const close = () => {
    onDone();
    editor.commands.focus();
  };
  const apply = () => {
    const check = checkLinkAddress(typed);
    if ("problem" in check) return setError(problems[check.problem]);
    const chain = editor.chain().focus().extendMarkRange("link");
    // Without selected text the address itself becomes the link's text.
    if (editor.state.selection.empty && !editor.isActive("link"))
      chain
        .insertContent({ type: "text", text: typed.trim(), marks: [{ type: "link", attrs: { href: check.href } }] })
        .run();
    else chain.setLink({ href: check.href }).run();
    onDone();
  };
  return (
    <div
      className="bk-rte-link"
      onKeyDown={(event) => {
        // Enter must not submit the editor's form; Escape leaves the link as it was.
        if (event.key === "Enter") {
          event.preventDefault();
          apply();
        } else if (event.key === "Escape") {
          event.preventDefault();
          event.stopPropagation();
          close();
        }
      }}
    >
      <TextField
        label={translate("richText.linkAddress")}
        value={typed}
        onChange={(v) => {
          setTyped(v);
          setError(undefined);
        }}
        autoComplete="off"
        autoFocus
        // Not type="url": the browser would block saving the whole CTA over "example.se".
        inputMode="url"
        maxLength={MAX_LINK_CHARS + 1}
        helpText={translate("richText.linkHelp")}
        error={error}
        connectedRight={
          <InlineStack gap="100" wrap={false}>
            <Button onClick={apply} variant="primary">
              {translate("richText.linkApply")}
            </Button>
          </InlineStack>
        }
      />
      <div style={{ marginTop: 6 }}>
        <InlineStack gap="200">
          {href ? (
            <Button
              tone="critical"
              onClick={() => {
                editor.chain().focus().extendMarkRange("link").unsetLink().run();
                onDone();
              }}
            >
              {translate("richText.linkRemove")}
            </Button>
          ) : null}
          <Button onClick={close}>{translate("richText.linkCancel")}</Button>
        </InlineStack>
      </div>
    </div>
  );
}
