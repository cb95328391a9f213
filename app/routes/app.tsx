/**
 * Layout of the embedded Shopify admin (/app/*): authenticates the shop,
 * loads App Bridge and Polaris, and fills the admin's app navigation
 * (App Bridge NavMenu). While Shopify install is off it answers 503 with a
 * page saying which variables to set (components/ShopifyOffPage.tsx).
 */
import {
  data,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { isRouteErrorResponse, Link, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { NavMenu } from "@shopify/app-bridge-react";
import { boundary } from "@shopify/shopify-app-remix/server";
import { AppProvider } from "@shopify/shopify-app-remix/react";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import {
  authenticate,
  SHOPIFY_ENV,
  shopifyConfigProblem,
  shopifyEnabled,
  shopifyMissingEnv,
} from "#app/shopify.server";
import { isShopifyOff, ShopifyOffPage, type ShopifyOff } from "#app/components/ShopifyOffPage";
import { adminLanguage, translator } from "#app/i18n";
import { I18nProvider } from "#app/i18n/useT";
import { serverEnv } from "#app/server/env.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: polarisStyles }];

export const meta: MetaFunction = ({ error }) =>
  isRouteErrorResponse(error) && isShopifyOff(error.data)
    ? [{ title: `${translator(error.data.lang)("shopifyOff.title")} · Beckon` }]
    : [{ title: "Beckon" }];

export async function loader({ request }: LoaderFunctionArgs) {
  if (!shopifyEnabled) {
    // Thrown, not returned: the child routes' loaders fail too (no Shopify),
    // and the parent's error is the one Remix renders.
    const off: ShopifyOff = {
      shopifyOff: true,
      lang: adminLanguage(request),
      variables: SHOPIFY_ENV.map((name) => ({ name, set: !shopifyMissingEnv.includes(name) })),
      problem: shopifyConfigProblem,
    };
    throw data(off, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
  await authenticate.admin(request);
  return { apiKey: serverEnv().shopifyApiKey || "", lang: adminLanguage(request) };
}

export default function ShopifyAppLayout() {
  const { apiKey, lang } = useLoaderData<typeof loader>();
  const translate = translator(lang);
  return (
    <AppProvider isEmbeddedApp apiKey={apiKey}>
      <I18nProvider lang={lang}>
        <NavMenu>
          {/* rel="home" names the app's home page (the setup guide, app._index.tsx); it is not listed as an item. */}
          <Link to="/app" rel="home">
            {translate("nav.home")}
          </Link>
          <Link to="/app/settings">{translate("nav.settings")}</Link>
          <Link to="/app/ctas">{translate("nav.ctas")}</Link>
          <Link to="/app/broadcasts">{translate("nav.campaigns")}</Link>
          <Link to="/app/contacts">{translate("nav.contacts")}</Link>
          <Link to="/app/results">{translate("nav.results")}</Link>
          <Link to="/app/integrations">{translate("nav.integrations")}</Link>
        </NavMenu>
        <Outlet />
      </I18nProvider>
    </AppProvider>
  );
}

// Shopify needs its own error boundary and headers so its auth redirects
// (exit iframe, session-token bounce) reach the browser intact.
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && isShopifyOff(error.data)) return <ShopifyOffPage {...error.data} />;
  return boundary.error(error);
}

export const headers: HeadersFunction = (headersArgs) => boundary.headers(headersArgs);
