/**
 * The words of the owner's test panel (SPEC 6), in every language Beckon
 * speaks. Unlike the visitor's catalogues (./en, ./sv), which travel in the
 * config, these ride in the panel's own chunk: only an owner testing a site
 * downloads it, and the panel picks the owner's language in the browser.
 * Placeholders are {name}s, filled by fillPanelText.
 */
import { fillPlaceholders, LANGUAGES, type Language } from "./index";

export const panelEn = {
  panel: "Beckon test panel",
  heading: "Beckon test panel · {mode}",
  "mode.live": "live mode",
  "mode.admin": "admin mode",
  "mode.preview": "preview mode",
  refresh: "Refresh",
  close: "Close the test panel",

  profile: "Profile",
  visitorToken: "Visitor token",
  personType: "Type",
  "person.Visitor": "Visitor",
  "person.Contact": "Contact",
  email: "E-mail",
  phone: "Phone",
  name: "Name",
  company: "Company",
  country: "Country",
  tags: "Tags",
  location: "Location",
  parameters: "Parameters",

  session: "Session",
  started: "Started",
  previousSession: "Previous session",
  sessionPages: "Pages this session",
  sessions: "Sessions",
  pageViews: "Views of this page",
  previousPage: "Previous page",
  steps: "Loading steps",
  timings: "Timings (ms)",
  integrations: "Integrations data",

  campaigns: "Campaigns ({n} CTAs)",
  "campaigns.one": "Campaigns (1 CTA)",
  ctaLine: "#{id} {name} ({type}): {verdict}",
  wouldShow: "would show",
  wouldNotShow: "would not show",
  showNow: "Show now",
  openCta: "Open the CTA in the admin",
  "type.overlay": "popup",
  "type.bar": "sticky bar",
  "type.inline": "inline",
  "type.page": "landing page",
  "type.hook": "slide-in box",
  "type.two-tap": "two-tap teaser",

  siteFails: "The site-wide conditions do not pass.",
  broadcastGone: "Its broadcast {id} is not running (paused or deleted).",
  noBroadcast: "No broadcast names it: it runs on every page.",
  broadcastOn: "Broadcast “{name}” is on.",
  broadcastEnded: "Broadcast “{name}” is off: its time frame has ended.",
  broadcastNotStarted: "Broadcast “{name}” is off: its time frame has not started.",
  broadcastFails: "Broadcast “{name}” is off: its conditions do not pass.",
  placedArea: "Shown where the page places it: the page area “{area}” or a placeholder.",
  placedPlaceholder: "Shown where the page places it: a placeholder (.beckon-cta[data-cta-id]).",
  viewedCookie: "The viewed cookie hides it (closed or converted before); admin mode shows it anyway.",
  trigger: "Trigger: {trigger}.",
  showing: "Showing now.",
  closed: "Closed on this page.",
  armed: "Waiting for its trigger.",
  fired: "Its trigger fired on this page.",
  variant: "Remembered A/B variant: {variant}.",
  priority: "Priority among popups: {n} (one popup opens at a time, the higher first).",
  waitsFor: "Waits for “{name}” to close: one popup at a time.",
  unnamed: "Form field “{label}” (element {id}) has no name, so its answer is not saved.",
  newElement: "new",

  "trigger.delayed": "after {n} s",
  "trigger.scroll": "after scrolling {n}%",
  "trigger.exit": "on exit intent",
  "trigger.click": "on a click on its trigger class only",
  "trigger.cart": "on add to cart when the cart value is {value}",
  "trigger.immediate": "at once",
  "cart.greater": "greater than {min}",
  "cart.less": "less than {min}",
  "cart.range": "{min}–{max}",

  broadcasts: "Broadcasts ({n})",
  broadcastLine: "{name} (#{id}): {state}",
  on: "on",
  off: "off",
  quick: "Quick",
  timed: "Timed",
  status: "status: {status}",
  "frame.started": "started",
  "frame.ended": "ended",
  "frame.not started": "not started",
  broadcastCtas: "CTAs: {ids}",
  openBroadcast: "Open the broadcast in the admin",

  siteConditions: "Site-wide conditions",
  noConditions: "No conditions: always passes.",
  "cond.url": "page URL",
  "cond.host_path": "host and path",
  "cond.category": "category",
  "cond.post_tag": "post tag",
  "cond.post": "post",
  "cond.page": "page",
  "cond.tag": "person tag",
  "cond.keyword": "keyword",
  "cond.visits": "visits",
  "cond.data_field": "field",
  "cond.area": "page area",
  "cond.cta": "CTA",
  "cond.country": "country",
  "cond.cart_value": "cart value",
  "cond.list": "mailing list",
  "ctaState.viewed": "viewed",
  "ctaState.not_viewed": "not viewed",
  "ctaState.converted": "converted",
  "ctaState.not_converted": "not converted",
  and: "AND",
  or: "OR",
};

export type PanelTexts = Record<keyof typeof panelEn, string>;
export type PanelKey = keyof PanelTexts;

export const panelSv: PanelTexts = {
  panel: "Beckons testpanel",
  heading: "Beckons testpanel · {mode}",
  "mode.live": "skarpt läge",
  "mode.admin": "adminläge",
  "mode.preview": "förhandsvisning",
  refresh: "Börja om",
  close: "Stäng testpanelen",

  profile: "Profil",
  visitorToken: "Besökstoken",
  personType: "Typ",
  "person.Visitor": "Besökare",
  "person.Contact": "Kontakt",
  email: "E-post",
  phone: "Telefon",
  name: "Namn",
  company: "Företag",
  country: "Land",
  tags: "Taggar",
  location: "Plats",
  parameters: "Parametrar",

  session: "Session",
  started: "Började",
  previousSession: "Förra sessionen",
  sessionPages: "Sidor den här sessionen",
  sessions: "Sessioner",
  pageViews: "Visningar av den här sidan",
  previousPage: "Förra sidan",
  steps: "Laddningssteg",
  timings: "Tider (ms)",
  integrations: "Data från integrationer",

  campaigns: "Kampanjer ({n} CTA:er)",
  "campaigns.one": "Kampanjer (1 CTA)",
  ctaLine: "#{id} {name} ({type}): {verdict}",
  wouldShow: "skulle visas",
  wouldNotShow: "skulle inte visas",
  showNow: "Visa nu",
  openCta: "Öppna CTA:n i admin",
  "type.overlay": "popup",
  "type.bar": "fast list",
  "type.inline": "i sidan",
  "type.page": "landningssida",
  "type.hook": "inglidande ruta",
  "type.two-tap": "tvåstegsteaser",

  siteFails: "Webbplatsens villkor uppfylls inte.",
  broadcastGone: "Dess utskick {id} är inte igång (pausat eller borttaget).",
  noBroadcast: "Inget utskick nämner den: den körs på alla sidor.",
  broadcastOn: "Utskicket ”{name}” är på.",
  broadcastEnded: "Utskicket ”{name}” är av: dess tidsperiod har tagit slut.",
  broadcastNotStarted: "Utskicket ”{name}” är av: dess tidsperiod har inte börjat.",
  broadcastFails: "Utskicket ”{name}” är av: dess villkor uppfylls inte.",
  placedArea: "Visas där sidan placerar den: sidytan ”{area}” eller en platshållare.",
  placedPlaceholder: "Visas där sidan placerar den: en platshållare (.beckon-cta[data-cta-id]).",
  viewedCookie: "Visningscookien döljer den (stängd eller konverterad tidigare); i adminläge visas den ändå.",
  trigger: "Utlösare: {trigger}.",
  showing: "Visas nu.",
  closed: "Stängd på den här sidan.",
  armed: "Väntar på sin utlösare.",
  fired: "Dess utlösare har gått på den här sidan.",
  variant: "Ihågkommen A/B-variant: {variant}.",
  priority: "Prioritet bland popupar: {n} (en popup öppnas åt gången, den högre först).",
  waitsFor: "Väntar på att ”{name}” stängs: en popup åt gången.",
  unnamed: "Formulärfältet ”{label}” (element {id}) saknar namn, så dess svar sparas inte.",
  newElement: "nytt",

  "trigger.delayed": "efter {n} s",
  "trigger.scroll": "efter att besökaren scrollat {n} %",
  "trigger.exit": "när besökaren är på väg att lämna",
  "trigger.click": "bara vid klick på dess utlösarklass",
  "trigger.cart": "när något läggs i varukorgen och varukorgens värde är {value}",
  "trigger.immediate": "direkt",
  "cart.greater": "större än {min}",
  "cart.less": "mindre än {min}",
  "cart.range": "{min}–{max}",

  broadcasts: "Utskick ({n})",
  broadcastLine: "{name} (#{id}): {state}",
  on: "på",
  off: "av",
  quick: "Snabbt",
  timed: "Tidsstyrt",
  status: "status: {status}",
  "frame.started": "pågår",
  "frame.ended": "avslutat",
  "frame.not started": "inte börjat",
  broadcastCtas: "CTA:er: {ids}",
  openBroadcast: "Öppna utskicket i admin",

  siteConditions: "Webbplatsens villkor",
  noConditions: "Inga villkor: uppfylls alltid.",
  "cond.url": "sidans adress",
  "cond.host_path": "värd och sökväg",
  "cond.category": "kategori",
  "cond.post_tag": "inläggstagg",
  "cond.post": "inlägg",
  "cond.page": "sida",
  "cond.tag": "persontagg",
  "cond.keyword": "nyckelord",
  "cond.visits": "besök",
  "cond.data_field": "fält",
  "cond.area": "sidyta",
  "cond.cta": "CTA",
  "cond.country": "land",
  "cond.cart_value": "varukorgens värde",
  "cond.list": "e-postlista",
  "ctaState.viewed": "visad",
  "ctaState.not_viewed": "inte visad",
  "ctaState.converted": "konverterad",
  "ctaState.not_converted": "inte konverterad",
  and: "OCH",
  or: "ELLER",
};

const PANEL_CATALOGUES: Record<Language, PanelTexts> = { en: panelEn, sv: panelSv };

/** The locale of the panel's dates and times per language. */
export const PANEL_LOCALES: Record<Language, string> = { en: "en-GB", sv: "sv-SE" };

/**
 * The owner's language for the panel: the first of the browser's languages
 * Beckon speaks ("sv-SE" reads as sv), else the website's language, else English.
 */
export function panelLanguage(browserLanguages: readonly string[], siteLanguage: unknown): Language {
  const spoken = (tag: unknown): Language | undefined =>
    LANGUAGES.find((lang) => typeof tag == "string" && tag.toLowerCase().split("-")[0] === lang);
  for (const tag of browserLanguages) {
    const lang = spoken(tag);
    if (lang) return lang;
  }
  return spoken(siteLanguage) ?? "en";
}

export const panelCatalogue = (lang: Language): PanelTexts => PANEL_CATALOGUES[lang];

/** A panel text with its {name}s filled (fillPlaceholders). */
export const fillPanelText = fillPlaceholders;
