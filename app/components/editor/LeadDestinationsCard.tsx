/**
 * "Where leads go": one card that says, and lets the owner choose, which
 * mailing lists (built-in or in a connected e-mail tool) this CTA's leads
 * join, and how each tool confirms them (at once, a confirmation e-mail, or
 * the tool's own list setting). Ticking a list adds a "subscribe to list"
 * action to every form, quiz and survey of the CTA (lead-destinations.ts);
 * the element's own actions editor shows the same actions.
 */
import { BlockStack, Card, Checkbox, Link, Text } from "@shopify/polaris";
import type { CtaDocument } from "#contract/schema/cta";
import { useT } from "#app/i18n/useT";
import { collectingElements, listState, setList } from "./lead-destinations";

/** A mailing tool and its lists (app/models/lead-destinations.server.ts). */
export interface LeadDestinationChoice {
  integrationId: number;
  type: string;
  label: string;
  name: string;
  external: boolean;
  optIn: "immediate" | "double" | "tool_list_setting";
  lists: { listId: string; name: string; requireConfirmation?: boolean }[];
}

export function LeadDestinationsCard({
  doc,
  onChange,
  destinations,
  integrationsUrl,
}: {
  doc: CtaDocument;
  onChange(next: CtaDocument): void;
  destinations: LeadDestinationChoice[];
  integrationsUrl: string;
}) {
  const translate = useT();
  const collecting = collectingElements(doc).length;
  const builtinId = destinations.find((d) => d.type === "builtin")?.integrationId ?? null;
  const chosen = destinations.flatMap((d) =>
    d.lists
      .filter((l) => listState(doc, { integrationId: d.integrationId, listId: l.listId }, builtinId) !== "none")
      .map(() => d),
  );
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {translate("leads.title")}
        </Text>
        {collecting === 0 ? (
          <Text as="p" tone="subdued">
            {translate("leads.noForm")}
          </Text>
        ) : (
          <Text as="p" tone="subdued">
            {translate("leads.appliesTo", { count: String(collecting) })}
          </Text>
        )}
        {destinations.every((d) => d.lists.length === 0) ? (
          <Text as="p">
            {translate("leads.noLists")} <Link url={integrationsUrl}>{translate("leads.integrations")}</Link>
          </Text>
        ) : null}
        {destinations
          .filter((d) => d.lists.length > 0)
          .map((destination) => {
            // Beckon's own lists are named in the admin's language; an outside tool by its brand.
            const tool = destination.type === "builtin" ? translate("integrations.builtinName") : destination.label;
            return (
              <fieldset
                key={destination.integrationId}
                style={{ border: 0, padding: 0, margin: 0 }}
                data-lead-tool={destination.type}
              >
                <legend>
                  <Text as="span" variant="headingSm">
                    {destination.label === destination.name ? tool : `${tool}: ${destination.name}`}
                  </Text>
                </legend>
                <BlockStack gap="100">
                  {destination.lists.map((list) => {
                    const ref = { integrationId: destination.integrationId, listId: list.listId };
                    const state = listState(doc, ref, builtinId);
                    return (
                      <Checkbox
                        key={list.listId}
                        label={list.name}
                        checked={state === "all" ? true : state === "some" ? "indeterminate" : false}
                        disabled={collecting === 0}
                        helpText={state === "some" ? translate("leads.someElements") : undefined}
                        onChange={(on) => onChange(setList(doc, ref, on, builtinId))}
                      />
                    );
                  })}
                  <Text as="p" tone="subdued">
                    {translate(`leads.optIn.${destination.optIn}`)}
                    {destination.external ? ` ${translate("leads.external")}` : ` ${translate("leads.consent")}`}
                  </Text>
                </BlockStack>
              </fieldset>
            );
          })}
        {collecting > 0 && chosen.length === 0 && destinations.some((d) => d.lists.length) ? (
          <Text as="p" tone="caution">
            {translate("leads.noneChosen")}
          </Text>
        ) : null}
      </BlockStack>
    </Card>
  );
}
