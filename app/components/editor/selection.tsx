/**
 * Clicking in the preview selects an element's card in the editor: the
 * preview frame reports the element (PreviewPick); this turns it into the
 * document path of that element in the edited variant and step, applies an
 * in-place text or button-label edit through the same setDoc as the side editor (so it is
 * one undo step like any other edit), and tells the card to open, scroll
 * into view and take focus.
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";
import type { CtaDocument, CtaElement } from "#contract/schema/cta";
import type { PreviewPick } from "#app/view/cta-preview";
import { buttonLabelKey, getIn, setIn, type Path } from "./document";

/** The card to select: its element's path ("variants.0.steps.0.sections.1.columns.0.elements.2"). */
export interface CardSelection {
  path: string;
  /** Move focus to the card's first field (not while the owner types in the preview). */
  focus: boolean;
  /** Bumped on every pick, so picking the same element again selects it again. */
  seq: number;
}

const SelectionContext = createContext<CardSelection | null>(null);
export const CardSelectionProvider = SelectionContext.Provider;

/** The selection state of the editor and the handler of the preview's picks. */
export function usePreviewPicks(
  doc: CtaDocument,
  setDoc: (update: (d: CtaDocument) => CtaDocument) => void,
  variantIndex: number,
  stepIndex: number,
) {
  const [selection, setSelection] = useState<CardSelection | null>(null);
  const seq = useRef(0);
  const onPick = useCallback(
    (pick: PreviewPick) => {
      const path: Path = [
        "variants",
        variantIndex,
        "steps",
        stepIndex,
        "sections",
        pick.section,
        "columns",
        pick.column,
        "elements",
        pick.element,
      ];
      const element = getIn(doc, path) as CtaElement | undefined;
      // The preview may be a step ahead (the owner clicked through it) or a redraw behind: only a matching element is picked.
      if (!element || element.element_type !== pick.elementType) return;
      if (pick.html !== undefined && pick.html !== element.options.html)
        setDoc((d) => setIn(d, [...path, "options", "html"], pick.html));
      if (pick.label !== undefined) {
        const key = buttonLabelKey(element.options);
        if (pick.label !== element.options[key]) setDoc((d) => setIn(d, [...path, "options", key], pick.label));
      }
      setSelection({ path: path.join("."), focus: pick.focus !== false, seq: ++seq.current });
    },
    [doc, setDoc, variantIndex, stepIndex],
  );
  return { selection, onPick };
}

/**
 * For an element card: opens it when its element is picked in the preview,
 * then scrolls it into view and focuses its first field. Returns whether it
 * is the selected card and the ref to put on the card.
 */
export function useCardSelection(path: Path, open: () => void) {
  const selection = useContext(SelectionContext);
  const ref = useRef<HTMLElement>(null);
  const selected = selection?.path === path.join(".");
  const [pending, setPending] = useState<CardSelection | null>(null);
  useEffect(() => {
    if (selected && selection) {
      open();
      setPending(selection);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per pick
  }, [selected, selection?.seq]);
  // After the card has rendered open.
  useEffect(() => {
    if (!pending) return;
    setPending(null);
    const card = ref.current;
    if (!card) return;
    card.scrollIntoView({ block: "nearest" });
    if (pending.focus) card.querySelector<HTMLElement>("select, input, textarea")?.focus({ preventScroll: true });
  }, [pending]);
  return { ref, selected, id: `card-${path.join("-")}` };
}
