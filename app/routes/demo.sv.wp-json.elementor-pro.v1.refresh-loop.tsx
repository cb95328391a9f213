/**
 * POST /demo/sv/wp-json/elementor-pro/v1/refresh-loop: the host page
 * builder's loop refresh (SPEC 7), answered for the demo site's courses loop.
 * Body: post_id, widget_id, widget_filters ({ taxonomy: { tax: { terms,
 * logicalJoin } } }), pagination_base_url (the address the pagination links
 * build on; its e-page-{widget_id} is the page to show), and in the editor
 * widget_model and is_edit_mode. Answer: { data: html of the widget's inner
 * container }. Errors use WordPress's REST shape { code, message, data }.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { fromWidgetFilters, parseLoopQuery } from "#demo/sv/src/loop-query";
import { COURSE_LOOP_ID, renderCourseLoop } from "#demo/sv/server/loop";
import { noRoute, restError, restJson } from "#demo/sv/server/rest";

const bodySchema = z.object({
  post_id: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,10}$/)]),
  widget_id: z.string().regex(/^[0-9a-f]{7}$/),
  widget_filters: z.unknown(),
  pagination_base_url: z.string().max(2000),
  widget_model: z.unknown().optional(),
  is_edit_mode: z.boolean().optional(),
});

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return noRoute();
  const text = await request.text();
  if (text.length > 16_384) return restError(413, "rest_too_large", "Request body is too large.");
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return restError(400, "rest_invalid_json", "Invalid JSON body passed.");
  }
  const parsed = bodySchema.safeParse(raw);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? "body");
    return restError(400, "rest_invalid_param", `Invalid parameter(s): ${field}`, {
      params: { [field]: parsed.error.issues[0]?.message },
    });
  }
  const body = parsed.data;
  if (body.widget_id !== COURSE_LOOP_ID) return restError(404, "rest_widget_not_found", "Widget not found.");
  let base: URL;
  try {
    base = new URL(body.pagination_base_url, request.url);
  } catch {
    return restError(400, "rest_invalid_param", "Invalid parameter(s): pagination_base_url");
  }
  const { page } = parseLoopQuery(base.search, body.widget_id);
  return restJson({ data: renderCourseLoop(fromWidgetFilters(body.widget_filters), page, base) });
}

export const loader = noRoute;
