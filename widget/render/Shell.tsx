import { useRef, useState, type CSSProperties, type MouseEvent, type ReactNode } from "react";
import { boxStyle } from "./box-style";
import { Cta, type CtaProps } from "./Cta";
import type { FrameProps } from "./Frame";
import { lazy } from "./lazy";
import { bool } from "./options";
import { hasCloseButton } from "./styles";
import { useDialog, useHeadingLabel } from "./useDialog";

/** The vendor page the powered-by link points to, by CTA type (SPEC 2), with UTM parameters. */
export function poweredByHref(apiOrigin: string, ctaType: string, host = location.hostname): string {
  const path = ctaType === "page" ? "landing-pages" : ctaType === "bar" ? "sticky-bars" : "popups";
  const query = new URLSearchParams({
    utm_source: host || "beckon-widget",
    utm_medium: "referral",
    utm_campaign: "powered-by",
    utm_content: ctaType,
  });
  return `${apiOrigin.replace(/\/+$/, "")}/${path}?${query}`;
}

// Hooks, bars, pages and teasers are a separate chunk: the first download carries the overlay and inline frames only.
const Frame = lazy<FrameProps>("frames", () => import("./Frame"));

/** A modal popup: boxed (4% margins, backdrop click closes) or splash (the whole window). */
function Modal({
  splash,
  content,
  onClose,
  closeOnBackdrop,
  name,
  style,
}: {
  splash: boolean;
  content: ReactNode;
  onClose(): void;
  closeOnBackdrop: boolean;
  name: string;
  style: CSSProperties;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useDialog(ref, { modal: true, onClose });
  useHeadingLabel(ref, name);
  const dialog = (
    <div
      ref={ref}
      role="dialog"
      aria-modal="true"
      tabIndex={-1}
      className={`bk-frame ${splash ? "bk-splash" : "bk-boxed"}`}
      style={style}
    >
      {content}
    </div>
  );
  if (splash) return dialog;
  const onBackdrop = (e: MouseEvent) => {
    if (e.target === e.currentTarget && closeOnBackdrop) onClose();
  };
  return (
    <div className="bk-backdrop" onClick={onBackdrop}>
      {dialog}
    </div>
  );
}

/** An inline CTA (embed, sidebar 310 px, bumper 900 px) in its page area: never takes focus. */
function Inline({
  subtype,
  content,
  name,
  style,
}: {
  subtype: string;
  content: ReactNode;
  name: string;
  style: CSSProperties;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useHeadingLabel(ref, name);
  return (
    <div ref={ref} role="region" className={`bk-frame bk-inline bk-${subtype}`} style={style}>
      {content}
    </div>
  );
}

/**
 * A CTA in the frame of its type (SPEC 1): page, inline (embed, sidebar,
 * bumper), overlay (boxed, splash), hook (full, horizontal, vertical), sticky
 * bar (top, bottom) and the two-tap or prehook teaser that opens it. The
 * frame carries the CTA's own look (border, shadow, background image...).
 * A draft (render.tsx) is the overlay's or inline frame without the step's
 * elements, which come in the next render; the other frames come with the
 * frames chunk anyway, in a render of their own.
 */
export function Shell(props: CtaProps & { teaser?: boolean; draft?: boolean }) {
  const { cta, config, labels, onClose, draft } = props;
  const options = (cta.options ?? {}) as Record<string, unknown>;
  const [open, setOpen] = useState(!props.teaser);
  const type = cta.cta_type;
  const closable = type !== "inline" && type !== "page";
  const close =
    closable && hasCloseButton(options) ? (
      <button type="button" className="bk-close" aria-label={labels.close} onClick={onClose}>
        ×
      </button>
    ) : null;
  const modal = open && (type === "overlay" || type === "two-tap");
  const inline = open && type === "inline";
  const content = (
    <>
      {draft && (modal || inline) ? null : <Cta {...props} />}
      {config.powered_by ? (
        <a className="bk-powered" href={poweredByHref(config.api_origin, type)} target="_blank" rel="noopener">
          {labels.poweredBy}
        </a>
      ) : null}
      {close}
    </>
  );
  if (modal) {
    return (
      <Modal
        splash={cta.overlay_type === "splash"}
        content={content}
        onClose={onClose}
        closeOnBackdrop={bool(options, "overlay-click-close", true)}
        name={cta.name}
        style={boxStyle(options)}
      />
    );
  }
  if (inline)
    return <Inline subtype={cta.inline_type || "embed"} content={content} name={cta.name} style={boxStyle(options)} />;
  return (
    <Frame {...props} kind={open ? type : "teaser"} content={content} close={close} onOpen={() => setOpen(true)} />
  );
}
