/**
 * The headless example storefront (docs/headless.md): a React app with
 * hydrogen-react's ShopifyProvider and CartProvider, its own cart UI, and a
 * Beckon product-feed CTA inside BeckonProvider, so a CTA add lands in the
 * storefront's cart. `?mode=storefront` shows the other integration: no
 * CartProvider, Beckon's Storefront API cart on the storefront's cart id
 * (`?cartId=`) or a new one reported through onCartCreated.
 *
 * The page's data (window.__BECKON_EXAMPLE__) comes from the server that
 * serves it: the published CTA, the website's public config, the market.
 */
import { CartProvider, ShopifyProvider, useCart } from "@shopify/hydrogen-react";
import { useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import type { CtaDocument } from "#contract/schema/cta";
import type { PublicWebsiteConfig } from "#contract/schema/public-config";
import { BeckonCta, BeckonProvider, useBeckon } from "#widget/react";
import { BeckonCartSource, exampleStorefront, toPageOrigin } from "./page-parts";

export interface HeadlessExampleData {
  cta: CtaDocument;
  config: PublicWebsiteConfig;
  /** The storefront's own origin, which answers the Storefront API (a shop's "{shop}.myshopify.com" in production). */
  storeDomain: string;
  storefrontToken: string;
  country: string;
  language: string;
}

const data = (window as unknown as { __BECKON_EXAMPLE__: HeadlessExampleData }).__BECKON_EXAMPLE__;
const params = new URLSearchParams(location.search);

/** The storefront's own cart UI: the CartProvider's count and lines. */
function CartSummary() {
  const cart = useCart();
  return (
    <aside id="cart" data-status={cart.status} data-cart-id={cart.id ?? ""}>
      <h2>
        Cart (<span id="cart-count">{cart.totalQuantity ?? 0}</span>)
      </h2>
      <ul id="cart-lines">
        {(cart.lines ?? []).map((line) => (
          <li key={line?.id} data-variant={line?.merchandise?.id}>
            {line?.merchandise?.product?.title} × <span className="qty">{line?.quantity}</span>
          </li>
        ))}
      </ul>
      <p id="cart-total">
        {cart.cost?.totalAmount ? `${cart.cost.totalAmount.amount} ${cart.cost.totalAmount.currencyCode}` : ""}
      </p>
    </aside>
  );
}

/** The add-to-cart trigger as the page sees it: adds Beckon heard on the storefront's cart. */
function CartAddsHeard() {
  const { onCartAdd } = useBeckon();
  const [heard, setHeard] = useState(0);
  useEffect(() => onCartAdd(() => setHeard((n) => n + 1)), [onCartAdd]);
  return <p id="beckon-adds-heard">{heard}</p>;
}

/** Integration 1: BeckonProvider inside CartProvider; CTA adds go through useCart().linesAdd. */
function CartProviderStore() {
  return (
    <ShopifyProvider
      storeDomain={data.storeDomain}
      storefrontToken={data.storefrontToken}
      storefrontApiVersion="2026-04"
      countryIsoCode={data.country as never}
      languageIsoCode={data.language as never}
    >
      <CartProvider>
        <h1>Headless example store</h1>
        <CartSummary />
        <BeckonProvider config={data.config} storefront={{ fetch: toPageOrigin }}>
          <BeckonCartSource />
          <CartAddsHeard />
          <BeckonCta cta={data.cta} />
        </BeckonProvider>
      </CartProvider>
    </ShopifyProvider>
  );
}

/** Integrations 2 and 3: no CartProvider; Beckon's Storefront cart on the storefront's cart id, or a new one it reports. */
function StorefrontCartStore() {
  const [cartId, setCartId] = useState(params.get("cartId"));
  return (
    <>
      <h1>Headless example store (Storefront API cart)</h1>
      <p id="cart-id">{cartId ?? ""}</p>
      <BeckonProvider
        config={data.config}
        storefront={exampleStorefront(data)}
        country={data.country}
        language={data.language}
        cartId={params.get("cartId")}
        onCartCreated={setCartId}
      >
        <BeckonCartSource />
        <BeckonCta cta={data.cta} />
      </BeckonProvider>
    </>
  );
}

createRoot(document.getElementById("app")!).render(
  params.get("mode") === "storefront" ? <StorefrontCartStore /> : <CartProviderStore />,
);
