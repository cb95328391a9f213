/**
 * POST /demo/sv/wp-json/saljakademin/v1/kontakt: where the host site's own
 * forms send (contact form, course interest). Checks the fields again on the
 * server and answers { success, message } in Swedish. Nothing is stored: the
 * demo site's leads reach Beckon through the widget, not through this form.
 */
import { checkDemoSubmission } from "#demo/sv/server/forms";
import { formPostAction, noRoute, restJson } from "#demo/sv/server/rest";

export const action = formPostAction("the form", (form) => {
  const result = checkDemoSubmission(form);
  return restJson(result, result.success ? 200 : 422);
});

export const loader = noRoute;
