/** The setup guide, the Shopify admin's home: each step checked off from the shop's state, with the link to do it. */
import { useLoaderData } from "@remix-run/react";
import { Badge, BlockStack, Box, Button, Card, InlineStack, Page, ProgressBar, Text } from "@shopify/polaris";
import { useT } from "#app/i18n/useT";
import { adminPaths } from "#app/view/admin-links";
import { SETUP_STEPS, type SetupStep } from "#app/view/setup-steps";
import type { loadSetupGuide } from "./setup-guide.server";

export function SetupGuidePage() {
  const translate = useT();
  const { links, websiteName, embed, done, themeEditorUrl, storeUrl } = useLoaderData<typeof loadSetupGuide>();
  const paths = adminPaths(links);
  const count = SETUP_STEPS.filter((step) => done[step]).length;
  // Each step's way forward; the embed and the store open outside the app's frame.
  const action: Record<SetupStep, { url: string | null; external?: boolean }> = {
    embed: { url: themeEditorUrl, external: true },
    cta: { url: paths.ctaNew },
    publish: { url: paths.ctas },
    visit: { url: storeUrl, external: true },
    lead: { url: paths.contacts },
  };
  // The first step not done is the one to take now.
  const next = SETUP_STEPS.find((step) => !done[step]);
  return (
    <Page title={translate("guide.title")} subtitle={websiteName}>
      <BlockStack gap="400">
        <Card>
          <BlockStack gap="200">
            <Text as="p" variant="bodyMd">
              {count === SETUP_STEPS.length
                ? translate("guide.allDone")
                : translate("guide.progress", { done: count, total: SETUP_STEPS.length })}
            </Text>
            <ProgressBar progress={(count / SETUP_STEPS.length) * 100} size="small" tone="success" />
          </BlockStack>
        </Card>
        {SETUP_STEPS.map((step, index) => {
          const { url, external } = action[step];
          return (
            <Card key={step}>
              <section aria-labelledby={`guide-${step}`} data-step={step} data-done={done[step] ? "true" : "false"}>
                <BlockStack gap="200">
                  <InlineStack gap="200" blockAlign="center">
                    <Text as="h2" variant="headingMd" id={`guide-${step}`}>
                      {`${index + 1}. ${translate(`guide.${step}.title`)}`}
                    </Text>
                    <Badge tone={done[step] ? "success" : undefined}>
                      {translate(done[step] ? "guide.done" : "guide.todo")}
                    </Badge>
                  </InlineStack>
                  <Text as="p">{translate(`guide.${step}.text`)}</Text>
                  {step === "embed" && embed.state === "unknown" ? (
                    <Text as="p" tone="subdued">
                      {translate("guide.embed.unknown")}
                    </Text>
                  ) : null}
                  {url ? (
                    <Box>
                      <Button
                        url={url}
                        target={external ? "_top" : undefined}
                        variant={step === next ? "primary" : "secondary"}
                      >
                        {translate(`guide.${step}.action`)}
                      </Button>
                    </Box>
                  ) : null}
                </BlockStack>
              </section>
            </Card>
          );
        })}
      </BlockStack>
    </Page>
  );
}
