/** /owner/websites/:websiteId/results: views, unique viewers, leads, conversions, revenue per CTA, variant and day; A/B tests and winners (CSV: ./results/export). */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import vizStyles from "@shopify/polaris-viz/build/esm/styles.css?url";
import { ownerAdminContext } from "#app/pages/admin-context.server";
import { actionResultsPage, loadResultsPage } from "#app/pages/results.server";
import { ResultsPage } from "#app/pages/results";
import { ownerTitle } from "#app/pages/page-title";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: vizStyles }];

export const meta: MetaFunction = ({ matches }) => ownerTitle(matches, (t) => [t("results.title")]);

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadResultsPage(await ownerAdminContext(request, params), request);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return actionResultsPage(await ownerAdminContext(request, params), request);
}

export default ResultsPage;
