import { Html } from "#widget/render/Html";
import type { ElementProps } from "#widget/render/context";
import { str } from "#widget/render/options";

/** Rich text (options.html, sanitized) or plain text (options.text), with merge tags filled. */
export function TextElement({ element, ctx }: ElementProps) {
  const html = str(element.options, "html");
  if (html) return <Html className="bk-el bk-text" html={ctx.merge(html, true)} />;
  return <p className="bk-el bk-text">{ctx.merge(str(element.options, "text"))}</p>;
}
