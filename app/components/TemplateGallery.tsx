/**
 * "New CTA" starts here (cta-new.tsx): a gallery of templates (app/templates), filterable
 * by goal and by kind. Each card's thumbnail is the real renderer on the
 * preview page (the editor's sandboxed srcdoc frame), scaled down and loaded
 * only once the card scrolls into view, so thirty cards stay light. Choosing
 * one asks only for a name and creates the CTA as a draft.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { useNavigation } from "@remix-run/react";
import { Badge, BlockStack, Button, Card, InlineStack, Modal, Select, Tabs, Text, TextField } from "@shopify/polaris";
import type { PublicWebsiteConfig } from "#contract/schema/public-config";
import type { TemplateCard, TemplateGoal, TemplateKind } from "#app/templates";
import { TEMPLATE_GOALS, TEMPLATE_KINDS } from "#app/templates/kit";
import { previewHtml, previewTexts } from "#app/view/cta-preview";
import { useNonce } from "#app/server/csp-nonce";
import { useT } from "#app/i18n/useT";
import type { AdminKey } from "#app/i18n";
import { AdminForm } from "./editor/AdminForm";

export interface TemplateGalleryProps {
  templates: TemplateCard[];
  preview: { config: PublicWebsiteConfig; rendererUrl: string };
  csrfToken: string | null;
}

/** The preview page shows the CTA in a 1040 × 720 window; the card shows it at a quarter. */
const FRAME = { width: 1040, height: 720, scale: 0.25 };

/** A template drawn by the real renderer, scaled down; the frame is written only once the card is near the viewport. */
function TemplateThumbnail({
  template,
  preview,
}: {
  template: TemplateCard;
  preview: TemplateGalleryProps["preview"];
}) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const nonce = useNonce();
  const translate = useT();
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    // A picture, not a control: nothing inside the frame can take focus or clicks (React 18 has no inert prop).
    el.setAttribute("inert", "");
    if (typeof IntersectionObserver === "undefined") return setNear(true);
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          io.disconnect();
        }
      },
      { rootMargin: "200px" },
    );
    io.observe(el);
    return () => io.disconnect();
  }, []);
  const srcDoc = useMemo(
    () =>
      near
        ? previewHtml(
            { cta: { ...template.cta, id: 0 }, config: preview.config },
            preview.rendererUrl,
            nonce,
            false,
            previewTexts(translate, translate.lang),
          )
        : null,
    [near, template.cta, preview, nonce, translate],
  );
  return (
    <div
      ref={box}
      aria-hidden="true"
      data-template-thumbnail={template.id}
      style={{
        position: "relative",
        height: FRAME.height * FRAME.scale,
        overflow: "hidden",
        background: "#f6f6f7",
        borderRadius: 8,
        border: "1px solid #e3e3e3",
      }}
    >
      {srcDoc ? (
        <iframe
          title={template.name}
          srcDoc={srcDoc}
          // No allow-same-origin: the renderer runs in an opaque origin, away from the admin, as in the editor's preview.
          sandbox="allow-scripts"
          style={{
            position: "absolute",
            top: 0,
            left: "50%",
            width: FRAME.width,
            height: FRAME.height,
            border: 0,
            transform: `translateX(-50%) scale(${FRAME.scale})`,
            transformOrigin: "50% 0",
            pointerEvents: "none",
          }}
        />
      ) : null}
    </div>
  );
}

function GalleryCard({
  template,
  preview,
  onUse,
}: {
  template: TemplateCard;
  preview: TemplateGalleryProps["preview"];
  onUse: () => void;
}) {
  const translate = useT();
  return (
    <Card padding="300">
      <BlockStack gap="200">
        <TemplateThumbnail template={template} preview={preview} />
        <Text as="h3" variant="headingSm">
          {template.name}
        </Text>
        <InlineStack gap="100">
          <Badge>{translate(`templates.kind.${template.kind}` as AdminKey)}</Badge>
          <Badge tone="info">{translate(`templates.goal.${template.goal}` as AdminKey)}</Badge>
        </InlineStack>
        <Text as="p" tone="subdued">
          {template.summary}
        </Text>
        {template.needs.length ? (
          <Text as="p" variant="bodySm">
            {translate("templates.needs", {
              needs: template.needs
                .map((kind) => translate(`templates.need.${kind}`))
                .join(translate("templates.needsAnd")),
            })}
          </Text>
        ) : null}
        <InlineStack>
          <Button onClick={onUse} accessibilityLabel={translate("templates.useNamed", { name: template.name })}>
            {translate("templates.use")}
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}

/** The gallery: goal tabs, a kind filter, the cards, and the name dialog. */
export function TemplateGallery({ templates, preview, csrfToken }: TemplateGalleryProps) {
  const translate = useT();
  const navigation = useNavigation();
  const goals: ("all" | TemplateGoal)[] = ["all", ...TEMPLATE_GOALS];
  const [goalIndex, setGoalIndex] = useState(0);
  const [kind, setKind] = useState<"all" | TemplateKind>("all");
  const [chosen, setChosen] = useState<TemplateCard | null>(null);
  const [name, setName] = useState("");
  const goal = goals[goalIndex];
  const shown = templates.filter((x) => (goal === "all" || x.goal === goal) && (kind === "all" || x.kind === kind));
  const creating =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "create" &&
    !!navigation.formData?.get("from_gallery");
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {translate("templates.gallery")}
        </Text>
        <Text as="p">{translate("templates.intro")}</Text>
        <Tabs
          tabs={goals.map((tabGoal) => ({
            id: `template-goal-${tabGoal}`,
            content: translate(`templates.goal.${tabGoal}` as AdminKey),
            panelID: "template-gallery-panel",
          }))}
          selected={goalIndex}
          onSelect={setGoalIndex}
        />
        <div style={{ maxWidth: 320 }}>
          <Select
            label={translate("templates.kindFilter")}
            options={[
              { label: translate("templates.kind.all"), value: "all" },
              ...TEMPLATE_KINDS.map((k) => ({ label: translate(`templates.kind.${k}` as AdminKey), value: k })),
            ]}
            value={kind}
            onChange={(v) => setKind(v as "all" | TemplateKind)}
          />
        </div>
        <div id="template-gallery-panel" role="region" aria-label={translate("templates.gallery")}>
          <Text as="p" tone="subdued">
            {translate("templates.count", { count: shown.length })}
          </Text>
          <div
            style={{
              display: "grid",
              gap: 16,
              gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 260px), 1fr))",
              marginTop: 8,
            }}
          >
            {shown.map((template) => (
              <GalleryCard
                key={template.id}
                template={template}
                preview={preview}
                onUse={() => {
                  setChosen(template);
                  setName(template.name);
                }}
              />
            ))}
          </div>
        </div>
      </BlockStack>
      <Modal
        open={chosen !== null}
        onClose={() => setChosen(null)}
        title={chosen ? translate("templates.useTitle", { name: chosen.name }) : ""}
      >
        <Modal.Section>
          {chosen ? (
            <AdminForm
              csrfToken={csrfToken}
              intent="create"
              aria-label={translate("templates.useTitle", { name: chosen.name })}
            >
              <input type="hidden" name="template" value={chosen.id} />
              <input type="hidden" name="from_gallery" value="1" />
              <BlockStack gap="300">
                <TextField
                  label={translate("templates.nameLabel")}
                  name="name"
                  value={name}
                  onChange={setName}
                  autoComplete="off"
                  requiredIndicator
                />
                <Text as="p" tone="subdued">
                  {translate("templates.draftNote")}
                </Text>
                <InlineStack>
                  <Button submit variant="primary" loading={creating} disabled={!name.trim()}>
                    {translate("templates.createDraft")}
                  </Button>
                </InlineStack>
              </BlockStack>
            </AdminForm>
          ) : null}
        </Modal.Section>
      </Modal>
    </Card>
  );
}
