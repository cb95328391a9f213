/** The product hero element (SPEC 3): the first product of its feed, large, with its description. */
import type { ElementProps } from "#widget/render/context";
import ProductsElement from "./ProductsElement";

export default function ProductHeroElement(props: ElementProps) {
  return <ProductsElement {...props} hero />;
}
