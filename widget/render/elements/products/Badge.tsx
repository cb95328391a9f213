import { badgeText, type BadgeKind, type BadgeTexts, type DiscountSettings } from "#widget/store/pricing";

/** A product badge (SPEC 9): SOLD OUT for a sold-out variant, else the CTA's custom, discount or detect badge. */
export function Badge(props: {
  kind: BadgeKind | null;
  soldOut: boolean;
  text?: string;
  soldOutText?: string;
  variant: { price: number; compare_at_price: number | null };
  discount: DiscountSettings;
  currencyCharacter?: string | null;
  t: BadgeTexts;
}) {
  const text = props.soldOut
    ? badgeText("sold-out", { text: props.soldOutText }, props.t)
    : props.kind && props.kind !== "sold-out"
      ? badgeText(
          props.kind,
          {
            text: props.text,
            variant: props.variant,
            discount: props.discount,
            currencyCharacter: props.currencyCharacter,
          },
          props.t,
        )
      : null;
  return text ? <span className={"bk-badge" + (props.soldOut ? " bk-badge-sold-out" : "")}>{text}</span> : null;
}
