import { useState, type ComponentType } from "react";
import type { CtaDocument, CtaElement, CtaVariant } from "../../app/lib/schema/cta";
import type { PublicPerson, PublicWebsiteConfig } from "../../app/lib/schema/public-config";
import { confirmationGroup, DEFAULT_CONFIRMATION, outcomeOf } from "./confirmation";
import type { ElementProps, RenderContext } from "./context";
import { ButtonElement } from "./elements/ButtonElement";
import { FormElement } from "./elements/FormElement";
import { TextElement } from "./elements/TextElement";
import { byPosition } from "./form-logic";
import { Html } from "./Html";
import type { CtaRuntime } from "./types";

const Divider = () => <hr className="bk-el bk-divider" />;

// Element types this renderer knows; others render nothing until they are built.
const ELEMENTS: Partial<Record<CtaElement["element_type"], ComponentType<ElementProps>>> = {
  text: TextElement,
  divider: Divider,
  button: ButtonElement,
  form: FormElement,
};

export interface CtaProps {
  cta: CtaDocument;
  variant: CtaVariant;
  config: PublicWebsiteConfig;
  person: PublicPerson | null;
  runtime: CtaRuntime;
  broadcastId?: number | null;
}

/** One CTA variant: its steps one at a time, sections → columns → elements, and its confirmations. */
export function Cta({ cta, variant, config, person, runtime, broadcastId }: CtaProps) {
  const steps = byPosition(variant.steps);
  const [stepIndex, setStepIndex] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const step = steps[stepIndex] ?? steps[0];

  const ctx: RenderContext = {
    config,
    person,
    runtime,
    ids: (element) => ({
      cta_id: cta.id!,
      variant_id: variant.id ?? null,
      step_id: step?.id ?? null,
      element_id: element?.id ?? null,
      broadcast_id: broadcastId ?? cta.broadcast_id ?? null,
    }),
    complete(element, eventType, confirm = true) {
      const ids = ctx.ids(element);
      runtime.track(eventType, ids);
      if (eventType === "Submission") runtime.dispatch("cfSubmit", { ...ids });
      runtime.dispatch("cfConversion", { ...ids });
      if (!confirm) return;
      const outcome = outcomeOf(confirmationGroup(element, step), location.search);
      if (outcome.type === "redirect") {
        if (outcome.newTab) window.open(outcome.url, "_blank", "noopener");
        else location.href = outcome.url;
      } else if (outcome.type === "step") {
        const next = steps.findIndex((s) => s.position === outcome.position);
        if (next >= 0) setStepIndex(next);
        else setMessage(DEFAULT_CONFIRMATION);
      } else {
        setMessage(outcome.html);
      }
    },
  };

  return (
    <div className={`bk-cta bk-${cta.cta_type}`} data-variant={variant.variation} data-step={step?.position}>
      {message != null ? (
        <Html className="bk-confirmation" role="status" html={message} />
      ) : (
        byPosition(step?.sections).map((section, si) => (
          <div className="bk-section" key={section.id ?? si}>
            {byPosition(section.columns).map((column, ci) => (
              <div className="bk-column" key={column.id ?? ci}>
                {byPosition(column.elements).map((element, ei) => {
                  const Element = ELEMENTS[element.element_type];
                  return Element ? <Element key={`${step?.id}-${element.id ?? ei}`} element={element} ctx={ctx} /> : null;
                })}
              </div>
            ))}
          </div>
        ))
      )}
    </div>
  );
}
