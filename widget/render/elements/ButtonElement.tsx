import { boxStyle } from "#widget/render/box-style";
import type { ElementProps } from "#widget/render/context";
import { str } from "#widget/render/options";
import { normalizeRedirect, safeHref } from "#widget/render/sanitize";

/** A call-to-action button, with its own look (colours, border, shadow...): a link when it has a URL, else a conversion that applies the element's confirmation. */
export function ButtonElement({ element, ctx }: ElementProps) {
  const options = element.options;
  const text = ctx.merge(str(options, "button-text") || str(options, "text") || ctx.labels.continue);
  const raw = str(options, "url");
  const href = raw ? safeHref(normalizeRedirect(raw)) : null;
  if (href) {
    const blank = options["target-blank"] === true;
    return (
      <div className="bk-el">
        <a
          className="bk-button"
          style={boxStyle(options)}
          href={href}
          target={blank ? "_blank" : undefined}
          rel={blank ? "noopener noreferrer" : undefined}
          // The queue persists the event, so it survives the navigation this click starts.
          onClick={() => ctx.complete(element, "Complete", { confirm: false })}
        >
          {text}
        </a>
      </div>
    );
  }
  return (
    <div className="bk-el">
      <button
        type="button"
        className="bk-button"
        style={boxStyle(options)}
        onClick={() => ctx.complete(element, "Complete")}
      >
        {text}
      </button>
    </div>
  );
}
