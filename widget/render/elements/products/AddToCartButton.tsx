import { useEffect, useRef, useState } from "react";

/** SPEC 4: after an add the button stays disabled this long, then becomes the view-cart button. */
export const VIEW_CART_DELAY_MS = 500;

/**
 * The add-to-cart button: disabled while adding, then after 500 ms a view-cart
 * button whose click runs the follow-up. A failed add enables it again.
 */
export function AddToCartButton(props: {
  text: string;
  viewCartText: string;
  disabled: boolean;
  add(): Promise<boolean>;
  followUp(): void;
}) {
  const [state, setState] = useState<"idle" | "adding" | "added">("idle");
  const live = useRef(true);
  useEffect(() => () => void (live.current = false), []);
  const click = async () => {
    if (state === "added") return props.followUp();
    if (state !== "idle") return;
    setState("adding");
    const ok = await props.add();
    if (!live.current) return;
    if (!ok) return setState("idle");
    setTimeout(() => live.current && setState("added"), VIEW_CART_DELAY_MS);
  };
  const added = state === "added";
  return (
    <button
      type="button"
      className={"bk-button bk-product-button" + (added ? " bk-view-cart" : "")}
      disabled={props.disabled || state === "adding"}
      aria-busy={state === "adding" || undefined}
      onClick={() => void click()}
    >
      {added ? props.viewCartText : props.text}
    </button>
  );
}
