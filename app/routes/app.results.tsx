/** /app/results: the shop's results, A/B tests and winners (Shopify admin). */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import vizStyles from "@shopify/polaris-viz/build/esm/styles.css?url";
import { shopifyAdminContext } from "#app/pages/admin-context.server";
import { actionResultsPage, loadResultsPage } from "#app/pages/results.server";
import { ResultsPage } from "#app/pages/results";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: vizStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadResultsPage(await shopifyAdminContext(request), request);
}

export async function action({ request }: ActionFunctionArgs) {
  return actionResultsPage(await shopifyAdminContext(request), request);
}

export default ResultsPage;
