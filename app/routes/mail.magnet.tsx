/** GET /mail/magnet?t=…: a lead magnet's signed, expiring download link. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { mailLinkResponse } from "#app/pages/mail-links.server";

export const loader = ({ request, context }: LoaderFunctionArgs) => mailLinkResponse(request, context, "magnet");
