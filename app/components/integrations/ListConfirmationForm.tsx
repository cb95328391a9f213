/** A built-in list's double opt-in switch, with its confirmed and pending counts. */
import { Badge, Button, InlineStack } from "@shopify/polaris";
import { AdminForm } from "#app/components/editor/AdminForm";
import { useT } from "#app/i18n/useT";

export interface ListConfirmationFormProps {
  list: { id: number; name: string; members: number; pending: number; requireConfirmation: boolean };
  csrfToken: string | null;
  busy: boolean;
}

/** Shows confirmed and pending members and turns confirmation on or off. */
export function ListConfirmationForm({ list, csrfToken, busy }: ListConfirmationFormProps) {
  const translate = useT();
  return (
    <InlineStack gap="200" blockAlign="center">
      <Badge tone="success">{translate("integrations.listConfirmed", { n: list.members })}</Badge>
      {list.requireConfirmation || list.pending ? (
        <Badge tone="attention">{translate("integrations.listPending", { n: list.pending })}</Badge>
      ) : null}
      <AdminForm csrfToken={csrfToken} intent="list-confirmation">
        <input type="hidden" name="listRowId" value={list.id} />
        <input type="hidden" name="required" value={list.requireConfirmation ? "0" : "1"} />
        <Button
          submit
          variant="plain"
          disabled={busy}
          accessibilityLabel={translate(
            list.requireConfirmation ? "integrations.confirmationOffFor" : "integrations.confirmationOnFor",
            { name: list.name },
          )}
        >
          {translate(list.requireConfirmation ? "integrations.confirmationOff" : "integrations.confirmationOn")}
        </Button>
      </AdminForm>
    </InlineStack>
  );
}
