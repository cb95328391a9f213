import { useEffect, useRef, useState } from "react";

/** SPEC 4: after an add the button stays disabled this long, then becomes the view-cart button. */
export const VIEW_CART_DELAY_MS = 500;

/** How an add went: added, or refused with the text that tells the shopper why ("" shows none). */
export type AddAnswer = { added: true } | { added: false; refusal: string };

/** Why the last add was refused, under its button, announced to screen readers; it looks like the forms' errors. */
export function CartRefusal(props: { text: string }) {
  return props.text ? (
    <p className="bk-error bk-cart-refusal" role="alert">
      {props.text}
    </p>
  ) : null;
}

/**
 * The add-to-cart button: disabled while adding, then after 500 ms a view-cart
 * button whose click runs the follow-up. A refused add enables it again and
 * says why below it until the next click.
 */
export function AddToCartButton(props: {
  text: string;
  viewCartText: string;
  disabled: boolean;
  add(): Promise<AddAnswer>;
  followUp(): void;
}) {
  const [state, setState] = useState<"idle" | "adding" | "added">("idle");
  const [refusal, setRefusal] = useState("");
  const live = useRef(true);
  useEffect(() => () => void (live.current = false), []);
  const click = async () => {
    if (state === "added") return props.followUp();
    if (state !== "idle") return;
    setState("adding");
    setRefusal("");
    const answer = await props.add();
    if (!live.current) return;
    if (!answer.added) {
      setRefusal(answer.refusal);
      return setState("idle");
    }
    setTimeout(() => live.current && setState("added"), VIEW_CART_DELAY_MS);
  };
  const added = state === "added";
  return (
    <>
      <button
        type="button"
        className={"bk-button bk-product-button" + (added ? " bk-view-cart" : "")}
        disabled={props.disabled || state === "adding"}
        aria-busy={state === "adding" || undefined}
        onClick={() => void click()}
      >
        {added ? props.viewCartText : props.text}
      </button>
      <CartRefusal text={refusal} />
    </>
  );
}
