/**
 * Server rendering of the admin pages (Shopify's Remix template, plus the
 * headers Shopify needs on embedded documents).
 */
import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { addDocumentResponseHeaders } from "./shopify.server";
import { NonceContext, nonceOf } from "./server/csp-nonce";
import { DocumentLanguageContext } from "./view/document-language";
import { adminLanguage } from "./i18n";
import { logger } from "./server/logger.server";

export const streamTimeout = 5000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The admin CSP allows inline scripts by this nonce only: Remix's, and React's streaming ones.
  const nonce = nonceOf(loadContext);
  addDocumentResponseHeaders(request, responseHeaders);
  // Crawlers get the whole page at once; browsers get the shell streamed.
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";
  const page = (
    <NonceContext.Provider value={nonce}>
      <DocumentLanguageContext.Provider value={adminLanguage(request)}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </DocumentLanguageContext.Provider>
    </NonceContext.Provider>
  );
  return new Promise<Response>((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      [readyEvent]: () => {
        const body = new PassThrough();
        responseHeaders.set("Content-Type", "text/html");
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        logger("render").error({ err: error }, "rendering a document failed");
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}
