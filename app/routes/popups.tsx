/** GET /popups: Beckon's product page where the powered-by link of a CTA of this kind leads (SPEC 2). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { productPageResponse } from "#app/pages/product-pages";

export const loader = ({ request }: LoaderFunctionArgs) => productPageResponse("popups", request);
