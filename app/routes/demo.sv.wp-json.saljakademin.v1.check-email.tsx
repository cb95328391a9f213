/**
 * POST /demo/sv/wp-json/saljakademin/v1/check-email: the remote rule of the
 * host site's forms (data-rule-remote). Receives the field as a form post
 * ({field name}={value}) and answers true, or the message to show.
 */
import { checkDemoEmail } from "#demo/sv/server/forms";
import { formPostAction, noRoute, restJson } from "#demo/sv/server/rest";

export const action = formPostAction("the field", (form) => {
  const value = [...form.entries()].find(([k]) => /email/i.test(k))?.[1] ?? "";
  return restJson(checkDemoEmail(value));
});

export const loader = noRoute;
