/** The Admin API version Beckon calls (app/shopify.server.ts, shopify.app.toml's webhooks and admin.schema.graphql follow it). */
import { ApiVersion } from "@shopify/shopify-app-remix/server";

export const ADMIN_API_VERSION = ApiVersion.July26;
