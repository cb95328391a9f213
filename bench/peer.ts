/**
 * The peer for side-by-side page cost: Formbricks' published survey SDK
 * (@formbricks/surveys, the UI bundle @formbricks/js loads), showing the
 * same popup (a heading, a line, an e-mail field, a button) as a modal at
 * once. Loaded the way the widget is: an async script inserted by a small
 * inline snippet. The survey definition is inline, so the peer skips the
 * API round trips Beckon makes (visitor, CTA definition): that favours it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./lib";
import { SEEN, type Subject } from "./pages";

const PACKAGE_DIR = path.join(ROOT, "node_modules/@formbricks/surveys");

/** The UMD bundle: it sets window.formbricksSurveys.renderSurveyModal. */
export function peerBundle(): string {
  return readFileSync(path.join(PACKAGE_DIR, "dist/index.umd.js"), "utf8");
}

export const PEER_NAME = "@formbricks/surveys";

export function peerVersion(): string {
  return (JSON.parse(readFileSync(path.join(PACKAGE_DIR, "package.json"), "utf8")) as { version: string }).version;
}

/** A survey of the 1.x schema: one open-text e-mail question and a thank-you card. */
export function peerSurvey(popup: { heading: string; text: string; placeholder: string; button: string }) {
  return {
    id: "clbench0000000000000000001",
    name: "Newsletter",
    type: "web",
    status: "inProgress",
    questions: [
      {
        id: "email",
        type: "openText",
        headline: popup.heading,
        subheader: popup.text,
        required: true,
        inputType: "email",
        placeholder: popup.placeholder,
        buttonLabel: popup.button,
        longAnswer: false,
      },
    ],
    welcomeCard: { enabled: false, headline: "", html: "", timeToFinish: false, showResponseCount: false },
    thankYouCard: { enabled: true, headline: "Thanks!", subheader: "" },
    hiddenFields: { enabled: false, fieldIds: [] },
    autoClose: null,
    delay: 0,
    styling: null,
    productOverwrites: null,
    displayOption: "displayOnce",
    recontactDays: null,
    triggers: [],
    attributeFilters: [],
  };
}

/** The peer as a page subject. */
export function peerSubject(popup: { heading: string; text: string; placeholder: string; button: string }): Subject {
  const props = {
    survey: peerSurvey(popup),
    brandColor: "#6b3e26",
    isBrandingEnabled: true,
    activeQuestionId: undefined,
    placement: "center",
    darkOverlay: true,
    clickOutside: true,
    highlightBorderColor: null,
  };
  // JSON inside a <script>: escape "<" so nothing can close the element.
  const json = JSON.stringify(props).replace(/</g, "\\u003c");
  const snippet = `<script>
(function peerSnippet(d,u,p){var s=d.createElement("script");s.async=true;s.src=u;s.onload=function(){window.formbricksSurveys.renderSurveyModal(Object.assign(p,{onDisplay:function(){},onResponse:function(){},onClose:function(){},onFinished:function(){}}))};(d.head||d.documentElement).appendChild(s)})(document,"surveys.umd.js",${json});
</script>`;
  return {
    name: "peer",
    snippet,
    files: { "surveys.umd.js": { body: peerBundle(), type: "application/javascript; charset=utf-8" } },
    snippetFunction: "peerSnippet",
    ownsScript: (url, fn) => url.endsWith("/surveys.umd.js") || fn === "peerSnippet",
    visibleCheck: `() => {
      const el = document.querySelector("#formbricks-modal-container form, #formbricks-modal-container input");
      return !!el && (${SEEN})(el);
    }`,
  };
}
