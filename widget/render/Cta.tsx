import { useEffect, useRef, useState } from "react";
import type { Condition } from "#contract/schema/condition";
import type { CtaDocument, CtaStep } from "#contract/schema/cta";
import { boxStyle } from "./box-style";
import type { RenderContext } from "./context";
import type { Controller } from "./convert";
import { Element } from "./elements";
import { byPosition } from "./form-fields";
import { Html } from "./Html";
import type { Labels } from "./i18n";
import { mergeTags } from "./merge-tags";
import { str } from "./options";
import type { MountOptions } from "./types";

/** What mountCta was given (mode is passed on to elements through the render context), with the labels and a close that is always there. */
export interface CtaProps extends Pick<
  MountOptions,
  "cta" | "variant" | "config" | "person" | "runtime" | "broadcastId" | "mode"
> {
  labels: Labels;
  /** Closes the whole CTA (the frame's close). */
  onClose(): void;
}

// What a conversion does (actions, confirmation) is a chunk of its own; a CTA that is only looked at never loads it.
const convert = () => import("./convert");

/** Ids of the timer elements in some steps (their start times reset when the visitor goes back). */
const timerIds = (cta: CtaDocument, steps: CtaStep[]) =>
  steps.flatMap((s) =>
    s.sections.flatMap((sec) =>
      sec.columns.flatMap((c) => c.elements.filter((e) => e.element_type === "timer").map((e) => `${cta.id}-${e.id}`)),
    ),
  );

/** One CTA variant: its steps one at a time, sections → columns → elements, and its confirmations. */
export function Cta({ cta, variant, config, person, runtime, broadcastId, labels, mode, onClose }: CtaProps) {
  // Steps marked hidden are reachable by no confirmation or timer (SPEC 4: "only if that step is visible").
  const steps = byPosition(variant.steps).filter((s) => s.options?.hidden !== true);
  const [stepIndex, setStepIndex] = useState(0);
  // Bumped when the visitor goes back: elements of the step remount, so quiz and timer start over.
  const [epoch, setEpoch] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const values = useRef<Record<string, unknown>>({}).current;
  const ref = useRef<HTMLDivElement>(null);
  const step = steps[stepIndex] ?? steps[0];

  // Set when new content replaces what had focus, so focus stays in the CTA instead of dropping onto the page.
  const refocus = useRef(false);
  const keepFocus = () => {
    try {
      refocus.current = !!(ref.current?.getRootNode() as ShadowRoot).activeElement;
    } catch {
      refocus.current = false;
    }
  };

  useEffect(() => {
    const script = step?.options?.script;
    if (script) void import("./scripts").then((m) => m.runScript(script, `step ${step?.id ?? stepIndex}`));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a step's script runs when the visitor enters the step or goes back to it, not again on a re-render of the same step
  }, [stepIndex, epoch]);

  useEffect(() => {
    if (refocus.current) ref.current?.focus({ preventScroll: true });
    refocus.current = false;
  }, [stepIndex, epoch, message]);

  // Conditions are the loader's (one engine for broadcasts, action groups and rows); without it, conditional content stays off.
  const pass = (conditions: Condition[] | undefined) =>
    !conditions?.length || !!runtime.conditionsPass?.(conditions, values);

  const goToStep = (position: number): boolean => {
    const next = steps.findIndex((s) => s.position === position);
    if (next < 0) return false;
    keepFocus();
    const show = () => {
      if (next <= stepIndex) setEpoch((e) => e + 1);
      setMessage(null);
      setStepIndex(next);
    };
    const timers = next <= stepIndex ? timerIds(cta, steps.slice(next)) : [];
    // Going back resets the timers of the steps left: their start times go before the timers remount.
    if (timers.length) void import("./timer-store").then((m) => (m.resetTimers(config.website_id, timers), show()));
    else show();
    return true;
  };

  const ctx: RenderContext = {
    cta,
    variant,
    config,
    person,
    runtime,
    labels,
    mode,
    steps,
    stepIndex,
    values,
    ids: (element) => ({
      cta_id: cta.id!,
      variant_id: variant.id ?? null,
      step_id: step?.id ?? null,
      element_id: element?.id ?? null,
      broadcast_id: broadcastId ?? cta.broadcast_id ?? null,
    }),
    conversion(element, answers = {}) {
      Object.assign(values, answers);
      return convert().then((m) => m.conversion(ctrl, element));
    },
    complete(element, eventType, opts = {}) {
      if (opts.values) Object.assign(values, opts.values);
      // Tracking first and synchronously: a link button's click navigates away right after.
      const ids = ctx.ids(element);
      const score = opts.conversion?.score;
      if (score != null) runtime.track(eventType, ids, { score });
      else runtime.track(eventType, ids);
      if (eventType === "Submission") runtime.dispatch("cfSubmit", { ...ids });
      runtime.dispatch("cfConversion", { ...ids });
      void convert().then((m) => m.finish(ctrl, element, opts));
    },
    goToStep,
    merge: (text, html) => mergeTags(text, values, person, html),
    pass,
    close: onClose,
  };
  const ctrl: Controller = {
    ctx,
    step,
    showMessage(html) {
      // A conversion that finishes after the CTA closed has nothing left to show.
      if (!ref.current?.isConnected) return;
      keepFocus();
      setMessage(html);
    },
    root: () => ref.current?.getRootNode() as ShadowRoot | undefined,
  };

  return (
    <div ref={ref} tabIndex={-1} className="bk-cta" data-variant={variant.variation} data-step={step?.position}>
      {message != null
        ? null
        : byPosition(step?.sections).map((section, si) => (
            <div
              className="bk-section"
              key={section.id ?? si}
              id={str(section.options, "anchor") || undefined}
              style={boxStyle(section.options)}
            >
              {byPosition(section.columns).map((column, ci) => (
                <div className="bk-column" key={column.id ?? ci} style={boxStyle(column.options, 1)}>
                  {byPosition(column.elements).map((element, ei) => (
                    <Element key={`${epoch}-${step?.id}-${element.id ?? ei}`} element={element} ctx={ctx} />
                  ))}
                </div>
              ))}
            </div>
          ))}
      {/* In the page from the start, so screen readers announce the confirmation when it arrives. */}
      <div role="status" className={message != null ? "bk-confirmation" : "bk-sr"}>
        {message != null ? <Html html={message} /> : null}
      </div>
    </div>
  );
}
