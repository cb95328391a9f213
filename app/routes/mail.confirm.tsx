/** GET/POST /mail/confirm?t=…: the double opt-in link of a built-in list's confirmation e-mail. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { mailLinkResponse } from "#app/pages/mail-links.server";

export const loader = ({ request, context }: LoaderFunctionArgs) => mailLinkResponse(request, context, "confirm");
export const action = ({ request, context }: ActionFunctionArgs) => mailLinkResponse(request, context, "confirm");
