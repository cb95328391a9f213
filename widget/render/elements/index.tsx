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

/** An element chunk: a failed import names the element type (SPEC 8's "Loading chunk {n} failed"). */
const chunk = (load: () => Promise<{ default: ComponentType<ElementProps> }>) =>
  lazy<ElementProps>((props) => props.element.element_type, load);
/** The prize wheel and the scratch card share one chunk. */
const prizeGame = chunk(() => import("./prize/PrizeElement"));

/** Element components by type; types without one draw nothing. */
export const ELEMENTS: Partial<Record<ElementType, ComponentType<ElementProps>>> = {
  text: TextElement,
  divider: DividerElement,
  button: ButtonElement,
  form: FormElement,
  image: chunk(() => import("./ImageElement")),
  survey: chunk(() => import("./SurveyElement")),
  carousel: chunk(() => import("./CarouselElement")),
  collapse: chunk(() => import("./CollapseElement")),
  tabs: chunk(() => import("./TabsElement")),
  progress: chunk(() => import("./ProgressElement")),
  timer: chunk(() => import("./TimerElement")),
  conditional_row: chunk(() => import("./ConditionalRowElement")),
  logo: chunk(() => import("./LogoElement")),
  video: chunk(() => import("./VideoElement")),
  products: chunk(() => import("./ProductsElement")),
  product_hero: chunk(() => import("./ProductHeroElement")),
  quiz: chunk(() => import("./QuizElement")),
  prize_wheel: prizeGame,
  scratch_card: prizeGame,
};

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
