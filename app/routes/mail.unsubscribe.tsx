/** GET/POST /mail/unsubscribe?t=…: the one-click unsubscribe (RFC 8058) of every e-mail the built-in lists send. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { mailLinkResponse } from "#app/pages/mail-links.server";

export const loader = ({ request, context }: LoaderFunctionArgs) => mailLinkResponse(request, context, "unsubscribe");
export const action = ({ request, context }: ActionFunctionArgs) => mailLinkResponse(request, context, "unsubscribe");
