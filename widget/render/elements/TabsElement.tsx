import type { KeyboardEvent } from "react";
import type { ElementProps } from "#widget/render/context";
import { Html, useRef, useState, type ContentItem } from "#widget/render/kit";

const CSS = `.bk-tablist{display:flex;flex-wrap:wrap;gap:4px;border-bottom:2px solid rgba(0,0,0,.15)}
.bk-tab{padding:8px 14px;border:0;border-bottom:3px solid transparent;margin-bottom:-2px;background:none;color:inherit;font-weight:600;cursor:pointer}
.bk-tab[aria-selected=true]{border-bottom-color:var(--bk-primary)}
.bk-tabpanel{padding:12px 0}`;

/**
 * Tabs (SPEC 4): click, Space or Enter activates a tab and shows its panel.
 * Arrow keys, Home and End move focus between tabs (manual activation).
 */
export default function TabsElement({ element, ctx }: ElementProps) {
  const items = (element.content_toggle_items ?? []) as ContentItem[];
  const [active, setActive] = useState(0);
  const [focus, setFocus] = useState(0);
  const list = useRef<HTMLDivElement>(null);
  const id = `bk-${element.id ?? 0}-t`;
  const move = (i: number) => {
    const next = (i + items.length) % items.length;
    setFocus(next);
    list.current?.querySelectorAll<HTMLElement>("[role=tab]")[next]?.focus();
  };
  const onKey = (event: KeyboardEvent, index: number) => {
    const keys: Record<string, () => void> = {
      ArrowRight: () => move(index + 1),
      ArrowLeft: () => move(index - 1),
      Home: () => move(0),
      End: () => move(items.length - 1),
      Enter: () => setActive(index),
      " ": () => setActive(index),
    };
    if (keys[event.key]) {
      event.preventDefault();
      keys[event.key]();
    }
  };
  return (
    <div className="bk-el bk-tabs">
      <style>{CSS}</style>
      <div role="tablist" className="bk-tablist" ref={list}>
        {items.map((item, index) => (
          <button
            key={index}
            type="button"
            role="tab"
            className="bk-tab"
            id={`${id}-${index}`}
            aria-selected={index === active}
            aria-controls={`${id}-${index}-panel`}
            tabIndex={index === focus ? 0 : -1}
            onClick={() => (setActive(index), setFocus(index))}
            onKeyDown={(e) => onKey(e, index)}
          >
            {ctx.merge(item.title ?? "")}
          </button>
        ))}
      </div>
      {items.map((item, index) => (
        <div
          key={index}
          role="tabpanel"
          id={`${id}-${index}-panel`}
          aria-labelledby={`${id}-${index}`}
          className="bk-tabpanel"
          hidden={index !== active}
          tabIndex={0}
        >
          <Html html={ctx.merge(item.html ?? "", true)} />
        </div>
      ))}
    </div>
  );
}
