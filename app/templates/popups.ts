/** Popups (overlays): the newsletter welcome, the exit popup, announcements and offers. */
import {
  DARK,
  WARM,
  emailForm,
  heading,
  linkButton,
  paragraph,
  templateCta,
  textField,
  thankYou,
  type CtaTemplateDef,
} from "./kit";

export const popupTemplates: CtaTemplateDef[] = [
  {
    id: "popup-newsletter",
    kind: "popup",
    goal: "grow",
    summary: (say) =>
      say(
        "A welcome popup that turns first-time visitors into subscribers.",
        "En välkomstpopup som gör förstagångsbesökare till prenumeranter.",
      ),
    build: (say) =>
      templateCta({
        name: say("Newsletter welcome popup", "Välkomstpopup för nyhetsbrevet"),
        cta_type: "overlay",
        overlay_type: "boxed",
        options: { trigger: "delayed", delay: 8, "hide-days": 14 },
        steps: [
          {
            name: say("Sign-up", "Anmälan"),
            elements: [
              heading(say("One good idea a week, straight to your inbox", "En bra idé i veckan, direkt i inkorgen")),
              paragraph(
                say(
                  "Practical tips you can use the same day. No spam, and you can unsubscribe with one click.",
                  "Praktiska tips som du kan använda samma dag. Ingen spam, och du avslutar med ett klick.",
                ),
              ),
              emailForm({
                before: [textField("name", say("First name", "Förnamn"))],
                emailPlaceholder: say("Your e-mail address", "Din e-postadress"),
                button: say("Sign me up", "Ja, jag vill ha tipsen"),
              }),
            ],
            after: [
              thankYou(
                say(
                  "Welcome aboard! Check your inbox to confirm your subscription.",
                  "Välkommen! Titta i inkorgen och bekräfta din prenumeration.",
                ),
              ),
            ],
          },
        ],
      }),
  },
  {
    id: "exit-popup",
    kind: "popup",
    goal: "grow",
    summary: (say) =>
      say(
        "Shows when a visitor is about to leave and offers a free guide in exchange for an e-mail.",
        "Visas när besökaren är på väg att lämna och erbjuder en gratis guide mot en e-postadress.",
      ),
    build: (say) =>
      templateCta({
        name: say("Exit popup: free guide", "Exitpopup: gratis guide"),
        cta_type: "overlay",
        overlay_type: "boxed",
        options: { trigger: "exit", "hide-days": 7 },
        steps: [
          {
            name: say("Offer", "Erbjudande"),
            elements: [
              heading(say("Wait! Take our free guide with you", "Vänta! Ta med dig vår gratis guide")),
              paragraph(
                say(
                  "Our most downloaded guide: ten proven ideas you can put to work this week. It is free.",
                  "Vår mest nedladdade guide: tio beprövade idéer som du kan sätta i verket redan i veckan. Helt gratis.",
                ),
              ),
              emailForm({
                emailPlaceholder: say("Your e-mail address", "Din e-postadress"),
                button: say("Send me the guide", "Skicka guiden till mig"),
              }),
            ],
            after: [
              thankYou(
                say("Thank you! The guide is on its way to your inbox.", "Tack! Guiden är på väg till din inkorg."),
              ),
            ],
          },
        ],
      }),
  },
  {
    id: "popup-announcement",
    kind: "popup",
    goal: "announce",
    summary: (say) =>
      say(
        "A full-screen announcement for a launch, a new service or big news.",
        "En helsidesannons för en lansering, en ny tjänst eller stora nyheter.",
      ),
    build: (say) =>
      templateCta({
        name: say("Launch announcement", "Lanseringsnyhet"),
        cta_type: "overlay",
        overlay_type: "splash",
        options: { trigger: "delayed", delay: 3, "hide-days": 30, ...DARK },
        steps: [
          {
            name: say("News", "Nyhet"),
            elements: [
              heading(say("It is here: our biggest update yet", "Nu är den här: vår största nyhet hittills"), 1),
              paragraph(
                say(
                  "Faster, simpler and built on what you asked for. See everything that is new in two minutes.",
                  "Snabbare, enklare och byggd på det ni har önskat. Se allt som är nytt på två minuter.",
                ),
              ),
              linkButton(say("See what is new", "Se nyheterna"), "/"),
            ],
          },
        ],
      }),
  },
  {
    id: "popup-welcome-offer",
    kind: "popup",
    goal: "sell",
    summary: (say) =>
      say(
        "A first-order discount that visitors unlock with their e-mail.",
        "En rabatt på första köpet som besökaren låser upp med sin e-post.",
      ),
    build: (say) =>
      templateCta({
        name: say("Welcome offer: 10% off", "Välkomsterbjudande: 10 % rabatt"),
        cta_type: "overlay",
        overlay_type: "boxed",
        options: { trigger: "scroll", "scroll-percentage": 30, "hide-days": 14, ...WARM },
        steps: [
          {
            name: say("Offer", "Erbjudande"),
            elements: [
              heading(say("10% off your first order", "10 % rabatt på ditt första köp")),
              paragraph(
                say(
                  "Join our list and we will send your personal code right away.",
                  "Gå med i vår lista så skickar vi din personliga kod direkt.",
                ),
              ),
              emailForm({
                emailPlaceholder: say("Your e-mail address", "Din e-postadress"),
                button: say("Get my code", "Ge mig koden"),
              }),
            ],
            after: [
              thankYou(
                say("Your code is on its way. It is valid for 7 days.", "Din kod är på väg. Den gäller i 7 dagar."),
              ),
            ],
          },
        ],
      }),
  },
  {
    id: "popup-call-request",
    kind: "popup",
    goal: "qualify",
    summary: (say) =>
      say(
        "Lets serious buyers ask for a call, with company and team size.",
        "Låter seriösa köpare be om ett samtal, med företag och teamstorlek.",
      ),
    build: (say) =>
      templateCta({
        name: say("Book a call popup", "Boka samtal-popup"),
        cta_type: "overlay",
        overlay_type: "boxed",
        options: { trigger: "delayed", delay: 20, "hide-days": 7 },
        steps: [
          {
            name: say("Contact", "Kontakt"),
            elements: [
              heading(say("Want a plan made for your team?", "Vill du ha en plan gjord för ert team?")),
              paragraph(
                say(
                  "Leave your details and one of our experts calls you within two working days.",
                  "Lämna dina uppgifter så ringer en av våra experter upp inom två arbetsdagar.",
                ),
              ),
              emailForm({
                before: [textField("name", say("Full name", "Namn"), { required: true })],
                after: [
                  textField("company_name", say("Company", "Företag")),
                  textField("phone", say("Phone number", "Telefonnummer"), { type: "tel" }),
                ],
                emailPlaceholder: say("Work e-mail", "E-post i jobbet"),
                button: say("Call me", "Ring upp mig"),
                consent: false,
              }),
            ],
            after: [
              thankYou(
                say("Thanks! We will call you within two working days.", "Tack! Vi ringer dig inom två arbetsdagar."),
              ),
            ],
          },
        ],
      }),
  },
];
