import { Html } from "../Html";
import { str, type ElementProps } from "../context";

/** Rich text (options.html, sanitized) or plain text (options.text). */
export function TextElement({ element }: ElementProps) {
  const html = str(element.options, "html");
  if (html) return <Html className="bk-el bk-text" html={html} />;
  return <p className="bk-el bk-text">{str(element.options, "text")}</p>;
}
