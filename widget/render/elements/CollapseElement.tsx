import type { ElementProps } from "#widget/render/context";
import { bool, Html, useState, type ContentItem } from "#widget/render/kit";

const CSS = `.bk-collapse{border-top:1px solid rgba(0,0,0,.2)}
.bk-collapse h3{margin:0;font-size:1em}
.bk-collapse button{display:flex;justify-content:space-between;width:100%;padding:12px 0;border:0;border-bottom:1px solid rgba(0,0,0,.2);background:none;color:inherit;font-weight:600;text-align:left;cursor:pointer}
.bk-collapse button::after{content:"+";margin-left:12px}
.bk-collapse button[aria-expanded=true]::after{content:"−"}
.bk-collapse-panel{padding:8px 0 12px}`;

/** A collapsible list: each title is a button that shows or hides its text (open-first opens the first). */
export default function CollapseElement({ element, ctx }: ElementProps) {
  const items = (element.content_toggle_items ?? []) as ContentItem[];
  const [open, setOpen] = useState<number[]>(() => (bool(element.options, "open-first") && items.length ? [0] : []));
  const id = `bk-${element.id ?? 0}-c`;
  return (
    <div className="bk-el bk-collapse">
      <style>{CSS}</style>
      {items.map((item, index) => {
        const expanded = open.includes(index);
        return (
          <div key={index}>
            <h3>
              <button
                type="button"
                id={`${id}-${index}`}
                aria-expanded={expanded}
                aria-controls={`${id}-${index}-panel`}
                onClick={() => setOpen((o) => (expanded ? o.filter((x) => x !== index) : [...o, index]))}
              >
                {ctx.merge(item.title ?? "")}
              </button>
            </h3>
            <div
              id={`${id}-${index}-panel`}
              role="region"
              aria-labelledby={`${id}-${index}`}
              className="bk-collapse-panel"
              hidden={!expanded}
            >
              <Html html={ctx.merge(item.html ?? "", true)} />
            </div>
          </div>
        );
      })}
    </div>
  );
}
