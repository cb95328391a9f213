/**
 * Layout of the embedded Shopify admin (/app/*): authenticates the shop,
 * loads App Bridge and Polaris, and fills the admin's app navigation
 * (App Bridge NavMenu). 503 with the reason while Shopify install is off.
 */
import type { HeadersFunction, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { NavMenu } from "@shopify/app-bridge-react";
import { boundary } from "@shopify/shopify-app-remix/server";
import { AppProvider } from "@shopify/shopify-app-remix/react";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import { authenticate } from "~/shopify.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: polarisStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  await authenticate.admin(request);
  return { apiKey: process.env.SHOPIFY_API_KEY || "" };
}

export default function ShopifyAppLayout() {
  const { apiKey } = useLoaderData<typeof loader>();
  return (
    <AppProvider isEmbeddedApp apiKey={apiKey}>
      <NavMenu>
        {/* rel="home" names the app's home page (the contacts list, app._index.tsx); it is not listed as an item. */}
        <Link to="/app" rel="home">
          Home
        </Link>
        <Link to="/app/settings">Settings</Link>
        <Link to="/app/ctas">CTAs</Link>
        <Link to="/app/broadcasts">Campaigns</Link>
        <Link to="/app">Contacts</Link>
        <Link to="/app/results">Results</Link>
        <Link to="/app/integrations">Integrations</Link>
      </NavMenu>
      <Outlet />
    </AppProvider>
  );
}

// Shopify needs its own error boundary and headers so its auth redirects
// (exit iframe, session-token bounce) reach the browser intact.
export function ErrorBoundary() {
  return boundary.error(useRouteError());
}

export const headers: HeadersFunction = (headersArgs) => boundary.headers(headersArgs);
