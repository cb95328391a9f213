/** Inline CTAs (in a marked page area) and landing pages. */
import {
  WARM,
  dropdownField,
  emailForm,
  heading,
  linkButton,
  paragraph,
  relativeCountdown,
  templateCta,
  textField,
  thankYou,
  type CtaTemplateDef,
} from "./kit";

export const inlineTemplates: CtaTemplateDef[] = [
  {
    id: "inline-newsletter",
    kind: "inline",
    goal: "grow",
    summary: (say) =>
      say(
        "A newsletter sign-up for the footer of every page.",
        "En anmälan till nyhetsbrevet i sidfoten på varje sida.",
      ),
    build: (say) =>
      templateCta({
        name: say("Newsletter footer", "Nyhetsbrev i sidfoten"),
        cta_type: "inline",
        inline_type: "embed",
        options: { area: "footer" },
        steps: [
          {
            name: say("Sign-up", "Anmälan"),
            elements: [
              heading(say("Stay in the loop", "Håll dig uppdaterad")),
              paragraph(
                say(
                  "News, guides and offers once a week. Unsubscribe whenever you like.",
                  "Nyheter, guider och erbjudanden en gång i veckan. Avsluta när du vill.",
                ),
              ),
              emailForm({
                before: [textField("name", say("First name", "Förnamn"))],
                emailPlaceholder: say("Your e-mail address", "Din e-postadress"),
                button: say("Subscribe", "Prenumerera"),
                layout: "horizontal",
              }),
            ],
            after: [
              thankYou(
                say(
                  "Thanks! Please confirm through the link we just sent you.",
                  "Tack! Bekräfta via länken vi just skickade till dig.",
                ),
              ),
            ],
          },
        ],
      }),
  },
  {
    id: "inline-ebook",
    kind: "inline",
    goal: "grow",
    summary: (say) =>
      say(
        "A lead magnet inside your articles: a free e-book for an e-mail.",
        "En leadmagnet i dina artiklar: en gratis e-bok mot en e-postadress.",
      ),
    build: (say) =>
      templateCta({
        name: say("E-book in the article", "E-bok i artikeln"),
        cta_type: "inline",
        inline_type: "embed",
        options: { area: "main", ...WARM },
        steps: [
          {
            name: say("Offer", "Erbjudande"),
            elements: [
              heading(say("Free e-book: the complete checklist", "Gratis e-bok: den kompletta checklistan")),
              paragraph(
                say("Every step in one place", "Varje steg samlat på ett ställe"),
                say("Templates you can copy today", "Mallar som du kan kopiera i dag"),
                say("The mistakes that cost the most", "Misstagen som kostar mest"),
              ),
              emailForm({
                emailPlaceholder: say("Your e-mail address", "Din e-postadress"),
                button: say("Send me the e-book", "Skicka e-boken till mig"),
              }),
            ],
            after: [
              thankYou(
                say(
                  "The e-book is on its way. Not there in five minutes? Check your spam folder.",
                  "E-boken är på väg. Inte där inom fem minuter? Titta i skräpposten.",
                ),
              ),
            ],
          },
        ],
      }),
  },
  {
    id: "inline-sidebar-event",
    kind: "inline",
    goal: "announce",
    summary: (say) =>
      say("A sidebar box that fills your next event.", "En sidopanelsruta som fyller ditt nästa evenemang."),
    build: (say) =>
      templateCta({
        name: say("Event in the sidebar", "Evenemang i sidopanelen"),
        cta_type: "inline",
        inline_type: "sidebar",
        options: { area: "sidebar" },
        steps: [
          {
            name: say("Event", "Evenemang"),
            elements: [
              heading(say("Free live session", "Gratis livesändning"), 3),
              paragraph(
                say(
                  "Learn the essentials in 45 minutes and ask our experts anything.",
                  "Lär dig grunderna på 45 minuter och fråga våra experter vad du vill.",
                ),
              ),
              linkButton(say("Sign up free", "Anmäl dig gratis"), "/"),
            ],
          },
        ],
      }),
  },
  {
    id: "inline-bumper-offer",
    kind: "inline",
    goal: "sell",
    summary: (say) =>
      say(
        "A wide banner between sections that sells your best offer.",
        "En bred banner mellan sektionerna som säljer ditt bästa erbjudande.",
      ),
    build: (say) =>
      templateCta({
        name: say("Offer banner", "Erbjudandebanner"),
        cta_type: "inline",
        inline_type: "bumper",
        options: { area: "bumper" },
        steps: [
          {
            name: say("Offer", "Erbjudande"),
            elements: [
              heading(say("Try it free for 14 days", "Prova gratis i 14 dagar"), 3),
              paragraph(say("No card needed. Cancel with one click.", "Inget kort behövs. Avsluta med ett klick.")),
              linkButton(say("Start my free trial", "Starta min provperiod"), "/"),
            ],
          },
        ],
      }),
  },
  {
    id: "page-lead-magnet",
    kind: "page",
    goal: "grow",
    summary: (say) =>
      say(
        "A complete landing page for a guide or an e-book.",
        "En komplett landningssida för en guide eller en e-bok.",
      ),
    build: (say) =>
      templateCta({
        name: say("Landing page: free guide", "Landningssida: gratis guide"),
        cta_type: "page",
        options: { "page-title": say("Free guide", "Gratis guide"), area: "landing" },
        steps: [
          {
            name: say("Offer", "Erbjudande"),
            elements: [
              heading(say("The free guide thousands already use", "Den gratis guiden som tusentals redan använder"), 1),
              paragraph(
                say(
                  "Practical, short and written by people who do this every day.",
                  "Praktisk, kort och skriven av folk som gör det här varje dag.",
                ),
              ),
              paragraph(
                say("A step-by-step plan for your first month", "En plan steg för steg för din första månad"),
                say("Checklists and ready-made templates", "Checklistor och färdiga mallar"),
                say("Real examples with real numbers", "Riktiga exempel med riktiga siffror"),
              ),
              emailForm({
                before: [textField("name", say("First name", "Förnamn"), { required: true })],
                emailPlaceholder: say("Your e-mail address", "Din e-postadress"),
                button: say("Yes, send me the guide", "Ja, skicka guiden"),
              }),
            ],
            after: [thankYou(say("Thank you! The guide is in your inbox.", "Tack! Guiden finns i din inkorg."))],
          },
        ],
      }),
  },
  {
    id: "page-webinar",
    kind: "page",
    goal: "announce",
    summary: (say) =>
      say("A webinar sign-up page with a countdown.", "En anmälningssida för webbinarier med nedräkning."),
    build: (say) =>
      templateCta({
        name: say("Landing page: webinar", "Landningssida: webbinarium"),
        cta_type: "page",
        options: { "page-title": say("Free webinar", "Gratis webbinarium"), area: "landing" },
        steps: [
          {
            name: say("Sign-up", "Anmälan"),
            elements: [
              heading(say("Free webinar: get more done in less time", "Gratis webbinarium: gör mer på kortare tid"), 1),
              paragraph(
                say(
                  "45 minutes live with our team. You get the slides, the templates and a recording.",
                  "45 minuter live med vårt team. Du får bilderna, mallarna och en inspelning.",
                ),
              ),
              relativeCountdown(72, say("Registration closes in", "Anmälan stänger om")),
              emailForm({
                before: [textField("name", say("First name", "Förnamn"), { required: true })],
                emailPlaceholder: say("Your e-mail address", "Din e-postadress"),
                button: say("Register me", "Anmäl mig"),
              }),
            ],
            after: [
              thankYou(
                say(
                  "You are registered! The link and a reminder come by e-mail.",
                  "Du är anmäld! Länken och en påminnelse kommer via e-post.",
                ),
              ),
            ],
          },
        ],
      }),
  },
  {
    id: "page-consultation",
    kind: "page",
    goal: "qualify",
    summary: (say) =>
      say(
        "A consultation request page that asks the questions sales needs.",
        "En sida för förfrågningar som ställer frågorna säljarna behöver.",
      ),
    build: (say) =>
      templateCta({
        name: say("Landing page: consultation", "Landningssida: konsultation"),
        cta_type: "page",
        options: { "page-title": say("Book a consultation", "Boka en konsultation"), area: "landing" },
        steps: [
          {
            name: say("Request", "Förfrågan"),
            elements: [
              heading(say("Book a free consultation", "Boka en kostnadsfri konsultation"), 1),
              paragraph(
                say(
                  "Tell us a little about your business and we come back with a proposal within two working days.",
                  "Berätta lite om er verksamhet så återkommer vi med ett förslag inom två arbetsdagar.",
                ),
              ),
              emailForm({
                before: [textField("name", say("Full name", "Namn"), { required: true })],
                after: [
                  textField("company_name", say("Company", "Företag"), { required: true }),
                  textField("phone", say("Phone number", "Telefonnummer"), { type: "tel" }),
                  dropdownField("team_size", say("Team size", "Antal anställda"), [
                    "1–5",
                    "6–20",
                    "21–50",
                    say("More than 50", "Fler än 50"),
                  ]),
                ],
                emailPlaceholder: say("Work e-mail", "E-post i jobbet"),
                button: say("Request my consultation", "Skicka förfrågan"),
                consent: false,
              }),
            ],
            after: [
              thankYou(
                say(
                  "Thank you! We will be in touch within two working days.",
                  "Tack! Vi hör av oss inom två arbetsdagar.",
                ),
              ),
            ],
          },
        ],
      }),
  },
];
