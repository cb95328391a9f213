/**
 * The Hydrogen-shaped example's page (docs/headless.md, "server cart"): the
 * cart lives on the server (routes.ts, cart-handler.ts), as in Hydrogen's
 * skeleton. The page shows the cart its loader answered and reads it again
 * after each cart write (the part React Router's useRevalidator plays in a
 * Hydrogen app); its own remove buttons are CartForms posting to the cart
 * route, and Beckon's CTA posts there too through BeckonProvider's
 * `serverCart`, so both land in the cart whose id the server keeps in its
 * cookie, and the checkout link is that cart's.
 */
import { useCallback, useRef, useState, type FormEvent, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { BeckonCta, BeckonProvider, CART_FORM_INPUT } from "#widget/react";
import { BeckonCartSource, exampleStorefront } from "#test/storefront/headless-example/page-parts";
import type { HydrogenExampleData } from "./routes";

const data = (window as unknown as { __BECKON_EXAMPLE__: HydrogenExampleData }).__BECKON_EXAMPLE__;

type Money = { amount: string; currencyCode: string };
type Line = { id: string; quantity: number; merchandise: { id: string; product: { title: string } } };
type ServerCartJson = {
  id: string;
  checkoutUrl: string;
  totalQuantity: number;
  cost: { totalAmount: Money };
  lines: { nodes: Line[] };
} | null;

/** The loader data and its revalidation: the cart route's loader read again, as useRevalidator().revalidate does. */
function useCartLoader(initial: ServerCartJson) {
  const [cart, setCart] = useState(initial);
  const [revalidations, setRevalidations] = useState(0);
  const revalidate = useCallback(async () => {
    const res = await fetch(data.cartRoute, { headers: { Accept: "application/json" } });
    if (!res.ok) throw new Error(`the cart loader answered ${res.status}`);
    setCart((await res.json()) as ServerCartJson);
    setRevalidations((n) => n + 1);
  }, []);
  return { cart, revalidate, revalidations };
}

/** A CartForm: a form posting cartFormInput to the cart route without leaving the page (a fetcher.Form), then revalidating. */
function CartForm(props: { action: string; inputs: unknown; onDone(): unknown; children: ReactNode }) {
  const busy = useRef(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    try {
      await fetch(data.cartRoute, { method: "POST", body: new FormData(event.currentTarget) });
      await props.onDone();
    } finally {
      busy.current = false;
    }
  };
  return (
    <form method="post" action={data.cartRoute} onSubmit={(e) => void submit(e)}>
      <input
        type="hidden"
        name={CART_FORM_INPUT}
        value={JSON.stringify({ action: props.action, inputs: props.inputs })}
      />
      {props.children}
    </form>
  );
}

/** The skeleton's CartMain, reduced: count, lines with remove, total, checkout. */
function CartMain(props: { cart: ServerCartJson; revalidate(): unknown; revalidations: number }) {
  const { cart } = props;
  return (
    <aside id="cart" data-cart-id={cart?.id ?? ""} data-revalidations={props.revalidations}>
      <h2>
        Cart (<span id="cart-count">{cart?.totalQuantity ?? 0}</span>)
      </h2>
      <ul id="cart-lines">
        {(cart?.lines.nodes ?? []).map((line) => (
          <li key={line.id} data-variant={line.merchandise.id}>
            {line.merchandise.product.title} × <span className="qty">{line.quantity}</span>
            <CartForm action="LinesRemove" inputs={{ lineIds: [line.id] }} onDone={props.revalidate}>
              <button type="submit" className="remove">
                Remove
              </button>
            </CartForm>
          </li>
        ))}
      </ul>
      <p id="cart-total">{cart ? `${cart.cost.totalAmount.amount} ${cart.cost.totalAmount.currencyCode}` : ""}</p>
      {cart?.checkoutUrl ? (
        <a id="checkout" href={cart.checkoutUrl}>
          Continue to Checkout
        </a>
      ) : null}
    </aside>
  );
}

function App() {
  const { cart, revalidate, revalidations } = useCartLoader(data.cart as ServerCartJson);
  return (
    <>
      <h1>Hydrogen-shaped example store</h1>
      <CartMain cart={cart} revalidate={revalidate} revalidations={revalidations} />
      <BeckonProvider
        config={data.config}
        storefront={exampleStorefront(data)}
        country={data.country}
        language={data.language}
        serverCart={{ action: data.cartRoute, revalidate, cart }}
      >
        <BeckonCartSource />
        <BeckonCta cta={data.cta} />
      </BeckonProvider>
    </>
  );
}

createRoot(document.getElementById("app")!).render(<App />);
