/**
 * GraphQL codegen for the Admin API operations in app/integrations/shopify-admin.
 * `npm run graphql-codegen` downloads the Admin schema of the API version the
 * app uses (app/shopify.server.ts: 2026-07) and writes the operations' types
 * to app/types/admin.generated.d.ts. Until that has run (it needs Shopify's
 * schema server), operations.ts carries hand-written types that a unit test
 * checks against recorded documented responses.
 */
import { ApiType, shopifyApiProject } from "@shopify/api-codegen-preset";

export default {
  projects: {
    default: shopifyApiProject({
      apiType: ApiType.Admin,
      apiVersion: "2026-07",
      documents: ["./app/integrations/shopify-admin/operations.ts"],
      outputDir: "./app/types",
    }),
  },
};
