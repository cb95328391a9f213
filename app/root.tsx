import type { ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from "@remix-run/react";
import { useNonce } from "./server/csp-nonce";
import { useDocumentLanguage } from "./view/document-language";
import { translator } from "./i18n";

function Document({ title, children }: { title?: string; children: ReactNode }) {
  // Admin pages allow inline scripts by nonce only: Remix's must carry it.
  const nonce = useNonce();
  const lang = useDocumentLanguage();
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <link rel="preconnect" href="https://cdn.shopify.com/" />
        {title ? <title>{title}</title> : null}
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <Document>
      <Outlet />
    </Document>
  );
}

/**
 * An address no route answers (or an error no page caught): a small page in
 * the visitor's admin language with a way back, instead of Remix's bare one.
 * It renders outside the layouts, so it is plain HTML with inline styles.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const translate = translator(useDocumentLanguage());
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? translate("errorPage.notFoundTitle") : translate("errorPage.errorTitle");
  return (
    <Document title={`${title} – Beckon`}>
      <main
        style={{
          maxWidth: "32rem",
          margin: "15vh auto",
          padding: "0 1.5rem",
          fontFamily: "system-ui, sans-serif",
          lineHeight: 1.5,
          color: "#303030",
        }}
      >
        <h1 style={{ fontSize: "1.5rem" }}>{title}</h1>
        <p>{notFound ? translate("errorPage.notFoundText") : translate("errorPage.errorText")}</p>
        <p>
          <a href="/" style={{ color: "#005bd3" }}>
            {translate("errorPage.home")}
          </a>
        </p>
      </main>
    </Document>
  );
}
