/**
 * Which component draws which element type. Text, divider, button and form
 * ship in the first download (every lead CTA has them); the others are
 * separate chunks imported the first time a CTA shows one, so an overlay with
 * a form stays inside the size budget. The quiz and the store elements
 * (products, product_hero) have issues of their own and plug in here.
 */
import type { ComponentType } from "react";
import type { ElementType } from "#contract/schema/cta";
import { boxStyle } from "#widget/render/box-style";
import type { ElementProps } from "#widget/render/context";
import { lazy } from "#widget/render/lazy";
import { ButtonElement } from "./ButtonElement";
import { DividerElement } from "./DividerElement";
import { FormElement } from "./FormElement";
import { TextElement } from "./TextElement";

/** The prize wheel and the scratch card share one chunk (a module is imported once, whichever asks first). */
const prizeGame = () => import("./prize/PrizeElement");

/** The element types whose code is a chunk of its own, each named after its type. */
const CHUNKS: Partial<Record<ElementType, () => Promise<{ default: ComponentType<ElementProps> }>>> = {
  image: () => import("./ImageElement"),
  survey: () => import("./SurveyElement"),
  carousel: () => import("./CarouselElement"),
  collapse: () => import("./CollapseElement"),
  tabs: () => import("./TabsElement"),
  progress: () => import("./ProgressElement"),
  timer: () => import("./TimerElement"),
  conditional_row: () => import("./ConditionalRowElement"),
  logo: () => import("./LogoElement"),
  video: () => import("./VideoElement"),
  products: () => import("./ProductsElement"),
  product_hero: () => import("./ProductHeroElement"),
  quiz: () => import("./QuizElement"),
  discount_code: () => import("./CodeElement"),
  prize_wheel: prizeGame,
  scratch_card: prizeGame,
};

/** Element components by type; types without one draw nothing. */
export const ELEMENTS: Partial<Record<ElementType, ComponentType<ElementProps>>> = {
  text: TextElement,
  divider: DividerElement,
  button: ButtonElement,
  form: FormElement,
};
// One loop instead of a lazy(...) call per type: the renderer is in its size budget by bytes.
for (const type in CHUNKS) ELEMENTS[type as ElementType] = lazy(type, CHUNKS[type as ElementType]!);

/**
 * Draws one element; one with a look of its own (border, shadow, background,
 * font size...) inside a box that carries it. A button carries its look itself.
 */
export function Element(props: ElementProps) {
  const { element_type, options } = props.element;
  const Component = ELEMENTS[element_type];
  const style = boxStyle(options);
  return !Component ? null : element_type == "button" || !Object.keys(style)[0] ? (
    <Component {...props} />
  ) : (
    <div className="bk-el" style={style}>
      <Component {...props} />
    </div>
  );
}
