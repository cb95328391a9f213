/**
 * POST /api/contacts/validate (version v2): checks an e-mail and/or phone
 * before a form is submitted. For now the shape checks only; mail-server,
 * disposable-domain and phone-number checks come with the integrations work.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { apiJson, publicApi, readJson } from "~/lib/http.server";
import { contactsValidateSchema } from "~/lib/schema/public-api";
import { validateContactShape } from "~/integrations/contact-validation.server";

export const action = ({ request }: ActionFunctionArgs) =>
  publicApi(request, async () => {
    const input = await readJson(request, contactsValidateSchema, 4 * 1024);
    return apiJson(validateContactShape(input));
  });
