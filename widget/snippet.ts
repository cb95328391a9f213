/**
 * The generic embed snippet for any website (the server's install page, the
 * README and the demo use it). It is async and never blocks the page: a stub
 * window.beckon queues calls as [name, args] in beckon.q until the loader
 * arrives and replays them.
 *
 * It opens the connections to Beckon's server at once (preconnect), and
 * starts once the page is parsed and painted: after DOMContentLoaded, in
 * the next task when the page's first contentful paint is already on record
 * (a long page paints before it is parsed: at 4x CPU the bench's article
 * did, 80 ms before, at the median), else after the next frame (at the
 * latest a second later where frames do not run, as in background tabs).
 * The widget's requests and work never come before the page's own first
 * render (nor into what Lighthouse's FCP and LCP count).
 *
 * It reads the page's cookies through cookieStore where the browser has
 * one: reading document.cookie is a synchronous round trip to the browser's
 * cookie store (0.5 to 19 ms of the page's main thread at 4x CPU, timed
 * around the read in six loads of the page-cost page); cookieStore's answer
 * comes without blocking the page.
 * It leaves the cookies it read, with its own write, in beckon.c ({s: the
 * cookie string, t: when it was read}): the loader starts its cookie copy
 * from them (storage.ts) instead of reading document.cookie again, a
 * synchronous round trip to the browser's cookie store after a write.
 *
 * On a first visit (no visitor cookie, not a crawler) it also creates the
 * visitor while the widget script downloads, as SPEC 4's lifecycle does
 * first: it sets the visitor cookie to a new token and posts the creation,
 * leaving {t: token, p: the answer's promise} in beckon.v, which the loader
 * adopts instead of creating the visitor itself (visitor.ts). A first visit
 * then waits for one round trip before campaigns, not two in a row. It asks
 * for the cookies before it inserts the widget script, so the browser
 * answers meanwhile and the creation is posted soon after the script's
 * request, not behind the storage's first read.
 *
 * Once the creation is posted (or found not needed) it touches localStorage
 * in a task of its own: the page's first localStorage access loads the
 * site's storage synchronously (about 13 ms of the main thread at 4x CPU in
 * profiles), and done there it falls while the widget script downloads,
 * not inside the script's own start, which it kept near or over a long
 * task (50 ms).
 */
import { CRAWLER } from "./core/bot";
import { ALPHABET } from "./core/ids";
import { METHODS } from "./core/public-api";
import { UTM_KEYS } from "./core/url-params";
import { VISITOR_COOKIE_SECONDS, VISITOR_TOKEN_LENGTH, visitorCookieName } from "./core/visitor";
import {
  fillSnippet,
  SNIPPET_NONCE_ATTRIBUTE,
  SNIPPET_ORIGIN,
  SNIPPET_WEBSITE_ID,
  type SnippetOptions,
} from "#contract/snippet-template";

export type { SnippetOptions } from "#contract/snippet-template";

/** The name of the snippet's function, so a CPU profile can tell its time from the page's. */
export const SNIPPET_FUNCTION = "beckonSnippet";

/** JSON.stringify makes a safe JS literal; escaping "<" keeps "</script>" out of the HTML. */
const literal = (v: unknown) => JSON.stringify(v).replace(/</g, "\\u003c");

/**
 * The snippet with placeholders for the Beckon origin, the website id and
 * the nonce attribute (contract/snippet-template.ts fills them in). The
 * widget build writes it for the server (beckon-snippet.json), which shows
 * it on the install page without importing the widget.
 */
export function snippetTemplate(): string {
  const base = SNIPPET_ORIGIN;
  const args = [
    `${base}/api/websites/${SNIPPET_WEBSITE_ID}.js`,
    `${base}/api/websites/${SNIPPET_WEBSITE_ID}/visitors`,
    visitorCookieName(SNIPPET_WEBSITE_ID),
  ]
    .map(literal)
    .join(",");
  // The early visitor mirrors loadVisitor's creation (same token alphabet and length, cookie, body); a test holds them equal.
  // RegExp() inside the try: a browser without look-behind loses the early visitor, not the snippet.
  // y(cookies) decides with the cookies cookieStore gave, or reads document.cookie; it does nothing once the loader has
  // replaced the stub (it started without the early visitor, and may have created the visitor itself).
  const early =
    `function y(k){if(w.beckon!==b)return;try{if(k==null)k=d.cookie;b.c={s:k,t:Date.now()};` +
    `if(!b.v&&w.fetch&&!RegExp(${literal(CRAWLER.source)},"i").test(navigator.userAgent)&&!RegExp("(^|; )"+n+"=").test(k)){` +
    `var l=location,r=crypto.getRandomValues(new Uint8Array(${VISITOR_TOKEN_LENGTH})),t="",q=new URLSearchParams(l.search),m={},i;` +
    `for(i=0;i<r.length;i++)t+=${literal(ALPHABET)}[r[i]&63];` +
    `${literal(UTM_KEYS)}.forEach(function(k){var v=q.get(k);if(v)m[k]=v.slice(0,500).replace(/[\\ud800-\\udbff]$/,"")});` +
    `d.cookie=n+"="+t+"; max-age=${VISITOR_COOKIE_SECONDS}; path=/; SameSite=Lax"+(l.protocol=="https:"?"; Secure":"");b.c.s=(k?k+"; ":"")+n+"="+t;` +
    `b.v={t:t,p:fetch(a,{method:"POST",headers:{"Content-Type":"text/plain"},body:JSON.stringify({visitor:{visitor_token:t,landing_page:l.href.slice(0,2000),platform:"Web",referral_source:d.referrer?d.referrer.slice(0,2000):null,data:{}},new:true,utms:m})})}` +
    `}}catch(e){}}` +
    `try{w.cookieStore.getAll().then(function(l){y(l.map(function(c){return c.name+"="+c.value}).join("; "));z()},function(){y();z()})}catch(e){y();z()}`;
  // The nonce is read back from the running <script> (browsers hide the attribute from the DOM, not the property),
  // while it runs: document.currentScript is null later.
  const code =
    `(function ${SNIPPET_FUNCTION}(w,d,u,a,n){var b=w.beckon=w.beckon||{};b.q=b.q||[];` +
    `${literal(METHODS)}.forEach(function(m){b[m]=b[m]||function(){b.q.push([m,[].slice.call(arguments)])}});` +
    `var h=d.head||d.documentElement,c=d.currentScript,s=d.createElement("script");s.async=true;s.src=u;if(c&&c.nonce)s.nonce=c.nonce;` +
    // The connections are opened while the page loads: the script's (with credentials) and the API calls' (without).
    `["","anonymous"].forEach(function(o){var p=d.createElement("link");p.rel="preconnect";p.href=${literal(base)};if(o)p.crossOrigin=o;h.appendChild(p)});` +
    // The cookies are asked for first: the browser answers while the script is inserted, and the first visit's
    // visitor is posted before the storage's first read. One read loads the site's storage; a blocked storage
    // throws, which is the loader's to handle.
    `function z(){setTimeout(function(){try{w.localStorage.getItem("")}catch(e){}})}` +
    `function x(){if(s.parentNode)return;${early}h.appendChild(s)}` +
    // A page that has painted by DOMContentLoaded (its first contentful paint is on record) starts in the next task.
    `function g(){if(w.performance&&performance.getEntriesByName("first-contentful-paint").length)return setTimeout(x);` +
    `requestAnimationFrame(function(){setTimeout(x)});setTimeout(x,1000)}` +
    `d.readyState=="loading"?d.addEventListener("DOMContentLoaded",g):g()})(window,document,${args});`;
  return `<!-- Beckon -->
<script${SNIPPET_NONCE_ATTRIBUTE}>
${code}
</script>`;
}

/** The HTML <script> snippet that installs Beckon for one website (the template filled in). */
export const genericSnippet = (options: SnippetOptions): string => fillSnippet(snippetTemplate(), options);
