/**
 * POST /demo/sv/wp-json/saljakademin/v1/kontakt: where the host site's own
 * forms send (contact form, course interest). Checks the fields again on the
 * server and answers { success, message } in Swedish. Nothing is stored: the
 * demo site's leads reach Beckon through the widget, not through this form.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { checkDemoSubmission } from "../../demo/sv/server/forms";
import { readFormPost, restError, restJson } from "../../demo/sv/server/rest";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return restError(405, "rest_no_route", "No route was found matching the URL and request method.");
  const form = await readFormPost(request);
  if (!form) return restError(400, "rest_invalid_param", "Send the form as application/x-www-form-urlencoded.");
  const result = checkDemoSubmission(form);
  return restJson(result, result.success ? 200 : 422);
}

export const loader = () => restError(405, "rest_no_route", "No route was found matching the URL and request method.");
