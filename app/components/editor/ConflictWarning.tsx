/**
 * Warns, above the editor's cards, when another published CTA would show in
 * the same place (same popup trigger, same bar edge, same slide-in side) on
 * the same pages at the same time as this one, and names each with a link to
 * its editor. Recomputed on every edit: changing the trigger or campaign
 * clears or raises the warning before anything is saved.
 */
import { useMemo } from "react";
import { Banner, BlockStack, Link, List, Text } from "@shopify/polaris";
import { findConflicts, type PlacedCta, type TargetingBroadcast } from "#app/view/cta-conflicts";
import { useT } from "#app/i18n/useT";
import type { AdminKey } from "#app/i18n/en";
import { priorityOf } from "#contract/cta-options";

/** What the loader sends for the check: the website's other CTAs and its campaigns with their conditions. */
export interface ConflictSources {
  ctas: (PlacedCta & { id: number; status: string })[];
  broadcasts: TargetingBroadcast[];
  /** The editor's address of a CTA. */
  ctaPath: (id: number) => string;
}

/**
 * Which of two popups opens first when both could (the widget arms triggers
 * by priority, higher first, and keeps the config's order, oldest first, for
 * equal ones), said from the other popup's side, with the reason.
 */
export function modalOrder(
  doc: Pick<PlacedCta, "id" | "options">,
  other: Pick<PlacedCta, "options"> & { id: number },
): { key: AdminKey; mine: number; theirs: number } {
  const mine = priorityOf(doc.options);
  const theirs = priorityOf(other.options);
  if (theirs !== mine) return { key: theirs > mine ? "conflicts.opensFirst" : "conflicts.waits", mine, theirs };
  // A CTA not saved yet is the newest of all.
  const otherIsOlder = doc.id === undefined || other.id < doc.id;
  return { key: otherIsOlder ? "conflicts.olderFirst" : "conflicts.newerWaits", mine, theirs };
}

/** The warning banner, or nothing when no other CTA competes. */
export function ConflictWarning({ doc, sources }: { doc: PlacedCta; sources: ConflictSources }) {
  const translate = useT();
  const conflicts = useMemo(() => findConflicts(doc, sources.ctas, sources.broadcasts), [doc, sources]);
  if (!conflicts.length) return null;
  const [place, detail] = conflicts[0].kind.split(":");
  const where =
    place === "modal"
      ? translate("conflicts.modal", { trigger: translate(`editor.trigger.${detail}` as AdminKey).toLowerCase() })
      : translate(place === "bar" ? "conflicts.bar" : "conflicts.hook");
  const orderOf = (id: number) => {
    const other = sources.ctas.find((cta) => cta.id === id);
    if (!other) return "";
    const { key, mine, theirs } = modalOrder(doc, other);
    return translate(key, { mine, theirs });
  };
  return (
    <Banner tone="warning" title={translate("conflicts.title")}>
      <BlockStack gap="200">
        <Text as="p">{where}</Text>
        <List type="bullet">
          {conflicts.map((conflict) => (
            <List.Item key={conflict.id}>
              <span data-conflict-cta={conflict.id}>
                <Link url={sources.ctaPath(conflict.id)}>{conflict.name}</Link>
                {" — "}
                {conflict.broadcasts.length
                  ? translate("conflicts.under", { names: conflict.broadcasts.join(", ") })
                  : translate("conflicts.everywhere")}
                {place === "modal" ? `; ${orderOf(conflict.id)}` : null}
              </span>
            </List.Item>
          ))}
        </List>
        <Text as="p">{translate("conflicts.advice")}</Text>
      </BlockStack>
    </Banner>
  );
}
