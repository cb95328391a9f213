/**
 * Layout of the standalone owner admin (/owner/*): Polaris styles and
 * provider, a header with the signed-in owner and a sign-out button, and on
 * a website's pages the navigation between them (AdminNav).
 * Every page but the login page requires a signed-in owner; each child loader
 * checks again, because loaders run in parallel and can be fetched alone.
 */
import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Outlet, useLoaderData, useParams, useRouteError } from "@remix-run/react";
import { AppProvider, Box, Button, InlineStack, Text } from "@shopify/polaris";
import polarisEn from "@shopify/polaris/locales/en.json";
import polarisSv from "@shopify/polaris/locales/sv.json";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import { findOwnerSession, OWNER_PAGE_HEADERS, requireOwner } from "#app/models/owner-session.server";
import { CsrfInput } from "#app/components/CsrfInput";
import { PolarisLink } from "#app/components/PolarisLink";
import { OwnerErrorPage } from "#app/components/OwnerErrorPage";
import { AdminNav } from "#app/components/AdminNav";
import { adminLanguage } from "#app/i18n";
import { I18nProvider, useT } from "#app/i18n/useT";
import { useDocumentLanguage } from "#app/view/document-language";
import { LanguageSwitch } from "#app/components/LanguageSwitch";
import type { Language } from "#contract/i18n";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: polarisStyles }];

export const meta: MetaFunction = () => [{ title: "Beckon admin" }, { name: "robots", content: "noindex" }];

export const headers: HeadersFunction = () => OWNER_PAGE_HEADERS;

function isLoginPage(request: Request): boolean {
  return /^\/owner\/login\/?$/.test(new URL(request.url).pathname);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const owner = isLoginPage(request) ? await findOwnerSession(request) : await requireOwner(request);
  return { owner: owner ? { email: owner.email, csrfToken: owner.csrfToken } : null, lang: adminLanguage(request) };
}

function Shell({ lang = "en", children }: { lang?: Language; children: React.ReactNode }) {
  return (
    <I18nProvider lang={lang}>
      <AppProvider i18n={lang === "sv" ? polarisSv : polarisEn} linkComponent={PolarisLink}>
        {children}
      </AppProvider>
    </I18nProvider>
  );
}

/** The signed-in owner's header: e-mail, the admin language and sign-out. */
function OwnerHeader({ owner }: { owner: { email: string; csrfToken: string } }) {
  const translate = useT();
  return (
    <header>
      <Box
        paddingInline="400"
        paddingBlock="200"
        background="bg-surface"
        borderBlockEndWidth="025"
        borderColor="border"
      >
        <InlineStack align="space-between" blockAlign="center">
          <Text as="p" variant="headingMd">
            Beckon
          </Text>
          <InlineStack gap="300" blockAlign="center">
            <Text as="span" tone="subdued">
              {owner.email}
            </Text>
            <LanguageSwitch csrfToken={owner.csrfToken} />
            <Form method="post" action="/owner/logout" reloadDocument>
              <CsrfInput token={owner.csrfToken} />
              <Button submit variant="plain">
                {translate("header.signOut")}
              </Button>
            </Form>
          </InlineStack>
        </InlineStack>
      </Box>
    </header>
  );
}

export default function OwnerLayout() {
  const { owner, lang } = useLoaderData<typeof loader>();
  const { websiteId } = useParams();
  return (
    <Shell lang={lang}>
      {owner ? <OwnerHeader owner={owner} /> : null}
      {owner && websiteId ? <AdminNav websiteId={websiteId} /> : null}
      <main>
        <Outlet />
      </main>
    </Shell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  // The layout's loader data may be missing here: the document's language is the request's.
  const lang = useDocumentLanguage();
  return (
    <Shell lang={lang}>
      <OwnerErrorPage error={error} />
    </Shell>
  );
}
