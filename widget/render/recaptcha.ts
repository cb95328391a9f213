/**
 * reCAPTCHA (v2 checkbox) for forms with check_recaptcha when the website has
 * a site key (SPEC 5). Google's script loads on demand, once per page, in the
 * page's document; the widget renders into an element inside the CTA's shadow
 * root (grecaptcha.render takes an element, not an id). The server verifies
 * the token sent as contact.recaptcha_token.
 */
interface Grecaptcha {
  render(el: HTMLElement, opts: { sitekey: string }): number;
  getResponse(id?: number): string;
  reset(id?: number): void;
}

const CALLBACK = "__beckonRecaptchaReady";
let ready: Promise<Grecaptcha> | null = null;

/** Loads Google's script (once) and resolves when grecaptcha can render. */
export function loadRecaptcha(doc: Document = document): Promise<Grecaptcha> {
  const win = doc.defaultView as unknown as Record<string, unknown>;
  return (ready ??= new Promise<Grecaptcha>((resolve, reject) => {
    const existing = win.grecaptcha as Grecaptcha | undefined;
    if (existing?.render) return resolve(existing);
    win[CALLBACK] = () => resolve(win.grecaptcha as Grecaptcha);
    const script = doc.createElement("script");
    script.src = `https://www.google.com/recaptcha/api.js?onload=${CALLBACK}&render=explicit`;
    script.async = true;
    script.onerror = () => {
      ready = null;
      reject(new Error("reCAPTCHA did not load"));
    };
    doc.head.appendChild(script);
  }));
}

/** Renders the checkbox into `el`; token() is "" until the visitor passes it. */
export async function renderRecaptcha(el: HTMLElement, siteKey: string): Promise<{ token(): string; reset(): void }> {
  const grecaptcha = await loadRecaptcha(el.ownerDocument);
  const id = grecaptcha.render(el, { sitekey: siteKey });
  return { token: () => grecaptcha.getResponse(id) || "", reset: () => grecaptcha.reset(id) };
}
