/**
 * Turns an Integration row into a provider client. Credentials are checked
 * here, so a missing key is a permanent failure with a reason, not a crash.
 */
import type { ZodTypeAny } from "zod";
import {
  activeCampaignCredentialsSchema,
  klaviyoCredentialsSchema,
  mailchimpCredentialsSchema,
  syncSettingsSchema,
} from "#contract/schema/integrations";
import { activeCampaignProvider } from "./activecampaign.server";
import { klaviyoProvider } from "./klaviyo.server";
import { mailchimpProvider } from "./mailchimp.server";
import { ProviderError, type MailingProvider } from "./types";
import { serverEnv, type EnvSource } from "#app/server/env.server";

/** Integration types whose lists live in an outside tool (synced through the outbox). */
export const PROVIDER_TYPES = ["klaviyo", "mailchimp", "activecampaign"] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];

/** Whether an integration type is an outside mailing tool. */
export function isProviderType(type: string): type is ProviderType {
  return (PROVIDER_TYPES as readonly string[]).includes(type);
}

export interface IntegrationLike {
  integrationType: string;
  credentials: unknown;
  syncSettings: unknown;
}

export interface RegistryOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Where BECKON_*_API_URL overrides and BECKON_ALLOW_PRIVATE_PROVIDER_HOSTS are read (tests point them at local servers). */
  env?: EnvSource;
}

function parse<S extends ZodTypeAny>(schema: S, value: unknown, what: string) {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new ProviderError(
      `The ${what} integration is missing its credentials (${parsed.error.issues[0]?.path.join(".") || "api_key"})`,
      false,
    );
  return parsed.data;
}

/** The client for an integration, or a permanent ProviderError when it cannot have one. */
export function providerFor(integration: IntegrationLike, options: RegistryOptions = {}): MailingProvider {
  const env = serverEnv(options.env);
  const timeoutMs = options.timeoutMs ?? env.providerTimeoutMs;
  const common = { fetch: options.fetch, timeoutMs };
  const settings = syncSettingsSchema.safeParse(integration.syncSettings ?? {});
  const syncSettings = settings.success ? settings.data : {};
  switch (integration.integrationType) {
    case "klaviyo": {
      const credentials = parse(klaviyoCredentialsSchema, integration.credentials, "Klaviyo");
      return klaviyoProvider({ ...common, apiKey: credentials.api_key, baseUrl: env.klaviyoApiUrl ?? undefined });
    }
    case "mailchimp": {
      const credentials = parse(mailchimpCredentialsSchema, integration.credentials, "Mailchimp");
      return mailchimpProvider({
        ...common,
        apiKey: credentials.api_key,
        baseUrl: env.mailchimpApiUrl ?? undefined,
        defaultListId: syncSettings.default_list_id ?? null,
        doubleOptIn: syncSettings.double_opt_in ?? false,
        marketingPermissionId: syncSettings.marketing_permission_id ?? null,
      });
    }
    case "activecampaign": {
      const credentials = parse(activeCampaignCredentialsSchema, integration.credentials, "ActiveCampaign");
      // The owner's URL: no injected fetch, public addresses only (the env names the tests' local fakes).
      return activeCampaignProvider({
        timeoutMs,
        apiKey: credentials.api_key,
        apiUrl: credentials.api_url,
        allowPrivate: env.allowPrivateProviderHosts,
      });
    }
    default:
      throw new ProviderError(`Integration type ${integration.integrationType} does not sync contacts`, false);
  }
}
