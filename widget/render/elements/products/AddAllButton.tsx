import { useState } from "react";

/** Adds every shown product's selection at once (hidden when the feed is empty). */
export function AddAllButton(props: { text: string; add(): Promise<boolean> }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="bk-button bk-add-all"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void props.add().finally(() => setBusy(false));
      }}
    >
      {props.text}
    </button>
  );
}
