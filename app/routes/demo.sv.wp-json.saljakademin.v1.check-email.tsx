/**
 * POST /demo/sv/wp-json/saljakademin/v1/check-email: the remote rule of the
 * host site's forms (data-rule-remote). Receives the field as a form post
 * ({field name}={value}) and answers true, or the message to show.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { checkDemoEmail } from "../../demo/sv/server/forms";
import { readFormPost, restError, restJson } from "../../demo/sv/server/rest";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return restError(405, "rest_no_route", "No route was found matching the URL and request method.");
  const form = await readFormPost(request);
  if (!form) return restError(400, "rest_invalid_param", "Send the field as application/x-www-form-urlencoded.");
  const value = [...form.entries()].find(([k]) => /email/i.test(k))?.[1] ?? "";
  return restJson(checkDemoEmail(value));
}

export const loader = () => restError(405, "rest_no_route", "No route was found matching the URL and request method.");
