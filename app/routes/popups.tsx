/** GET /popups: Beckon's product page where the powered-by link of a CTA of this kind leads (SPEC 2). */
import { productPageResponse } from "#app/pages/product-pages";

export const loader = () => productPageResponse("popups");
