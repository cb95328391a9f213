/** The outcome of the last save in words: a success or a critical banner, announced to screen readers. */
import { Banner } from "@shopify/polaris";

export interface ActionMessage {
  ok: boolean;
  message: string;
}

/** Shows an action's message, or nothing before the first save. */
export function ActionBanner({
  result,
  onDismiss,
}: {
  result: ActionMessage | null | undefined;
  onDismiss?: () => void;
}) {
  if (!result?.message) return null;
  return (
    <div role={result.ok ? "status" : "alert"}>
      <Banner tone={result.ok ? "success" : "critical"} onDismiss={onDismiss}>
        <p>{result.message}</p>
      </Banner>
    </div>
  );
}
