/**
 * A campaign's page (deep link of the widget's test panel:
 * /owner/websites/:websiteId/broadcasts/:broadcastId, /app/broadcasts/:id);
 * /.../broadcasts/new creates one.
 */
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Badge, BlockStack, Button, Page } from "@shopify/polaris";
import { ActionBanner } from "#app/components/editor/ActionBanner";
import { AdminForm } from "#app/components/editor/AdminForm";
import { BroadcastForm } from "#app/components/campaigns/BroadcastForm";
import { adminPaths } from "#app/view/admin-links";
import type { actionBroadcastEdit, loadBroadcastEdit } from "./broadcast-edit.server";
import { useT } from "#app/i18n/useT";

/** The campaign editor page. */
export function BroadcastEditPage() {
  const translate = useT();
  const { links, broadcast, ctas, broadcastNames, timezones, saved } = useLoaderData<typeof loadBroadcastEdit>();
  const result = useActionData<typeof actionBroadcastEdit>();
  const navigation = useNavigation();
  const paths = adminPaths(links);
  const isNew = broadcast.id === null;
  const errors = result && !result.ok ? result.fieldErrors : {};
  const banner = result ?? (saved ? { ok: true, message: translate("campaigns.created") } : null);
  return (
    <Page
      title={isNew ? translate("campaigns.new") : broadcast.name}
      titleMetadata={
        isNew ? undefined : broadcast.status ? (
          <Badge tone="success">{translate("campaigns.on")}</Badge>
        ) : (
          <Badge>{translate("campaigns.paused")}</Badge>
        )
      }
      backAction={{ content: translate("campaigns.title"), url: paths.broadcasts }}
    >
      <BlockStack gap="400">
        <ActionBanner result={banner} />
        {/* Keyed by id: after "new" is saved the page shows the stored campaign, not the form's old state. */}
        <BroadcastForm
          key={broadcast.id ?? "new"}
          initial={broadcast}
          ctas={ctas}
          broadcastNames={broadcastNames}
          timezones={timezones}
          errors={errors}
          csrfToken={links.csrfToken}
          saving={navigation.state === "submitting" && navigation.formData?.get("intent") === "save"}
        />
        {isNew ? null : (
          <AdminForm
            csrfToken={links.csrfToken}
            intent="delete"
            aria-label={translate("campaigns.delete")}
            onSubmit={(e) => {
              if (!window.confirm(`Delete "${broadcast.name}"? Its CTAs stay, without a campaign.`)) e.preventDefault();
            }}
          >
            <Button submit tone="critical">
              {translate("campaigns.delete")}
            </Button>
          </AdminForm>
        )}
      </BlockStack>
    </Page>
  );
}
