import type { ElementProps } from "#widget/render/context";
import { Html, type ContentItem } from "#widget/render/kit";

/** A conditional row (SPEC 4): the first content item whose conditions hold shows; none when none holds. */
export default function ConditionalRowElement({ element, ctx }: ElementProps) {
  const items = (element.content_toggle_items ?? []) as ContentItem[];
  const item = items.find((i) => ctx.pass(i.conditions));
  return item ? <Html className="bk-el bk-text" html={ctx.merge(item.html ?? "", true)} /> : null;
}
