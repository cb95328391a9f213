import { useState } from "react";
import { CartRefusal, type AddAnswer } from "./AddToCartButton";

/** Adds every shown product's selection at once (hidden when the feed is empty); a refused add says why below it. */
export function AddAllButton(props: { text: string; add(): Promise<AddAnswer> }) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState("");
  return (
    <>
      <button
        type="button"
        className="bk-button bk-add-all"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setRefusal("");
          void props
            .add()
            .then((answer) => setRefusal(answer.added ? "" : answer.refusal))
            .finally(() => setBusy(false));
        }}
      >
        {props.text}
      </button>
      <CartRefusal text={refusal} />
    </>
  );
}
