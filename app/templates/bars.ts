/** Sticky bars and slide-ins (hooks): small, always in reach, never in the way. */
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

export const barTemplates: CtaTemplateDef[] = [
  {
    id: "bar-newsletter",
    kind: "bar",
    goal: "grow",
    summary: (say) =>
      say("A slim sign-up bar at the bottom of every page.", "En smal anmälningsbar längst ned på varje sida."),
    build: (say) =>
      templateCta({
        name: say("Newsletter bar", "Nyhetsbrevsbar"),
        cta_type: "bar",
        bar_position: "bottom",
        options: { trigger: "scroll", "scroll-percentage": 25, "hide-days": 7 },
        steps: [
          {
            name: say("Sign-up", "Anmälan"),
            elements: [
              paragraph(say("Get our best tips every Tuesday.", "Få våra bästa tips varje tisdag.")),
              emailForm({
                emailPlaceholder: say("Your e-mail address", "Din e-postadress"),
                button: say("Subscribe", "Prenumerera"),
                layout: "horizontal",
                consent: false,
              }),
            ],
            after: [thankYou(say("Thanks for subscribing!", "Tack för att du prenumererar!"))],
          },
        ],
      }),
  },
  {
    id: "bar-announcement",
    kind: "bar",
    goal: "announce",
    summary: (say) =>
      say(
        "A top bar that points every visitor to your latest news.",
        "En toppbar som leder varje besökare till din senaste nyhet.",
      ),
    build: (say) =>
      templateCta({
        name: say("Announcement bar", "Nyhetsbar"),
        cta_type: "bar",
        bar_position: "top",
        options: { trigger: "delayed", delay: 0, "hide-days": 3, ...DARK },
        steps: [
          {
            name: say("News", "Nyhet"),
            elements: [
              paragraph(say("New: book online in under a minute.", "Nyhet: boka online på under en minut.")),
              linkButton(say("Read more", "Läs mer"), "/"),
            ],
          },
        ],
      }),
  },
  {
    id: "bar-sale",
    kind: "bar",
    goal: "sell",
    summary: (say) =>
      say("A warm top bar for a sale or a seasonal offer.", "En varm toppbar för en rea eller ett säsongserbjudande."),
    build: (say) =>
      templateCta({
        name: say("Sale bar", "Reabar"),
        cta_type: "bar",
        bar_position: "top",
        options: { trigger: "delayed", delay: 1, "hide-days": 1, ...WARM },
        steps: [
          {
            name: say("Offer", "Erbjudande"),
            elements: [
              paragraph(
                say(
                  "Season sale: up to 30% off selected favourites.",
                  "Säsongsrea: upp till 30 % på utvalda favoriter.",
                ),
              ),
              linkButton(say("Shop the sale", "Till rean"), "/"),
            ],
          },
        ],
      }),
  },
  {
    id: "slidein-newsletter",
    kind: "slidein",
    goal: "grow",
    summary: (say) =>
      say(
        "Slides in beside the article once the reader is hooked.",
        "Glider in bredvid artikeln när läsaren har fastnat.",
      ),
    build: (say) =>
      templateCta({
        name: say("Reader slide-in", "Läsar-slide-in"),
        cta_type: "hook",
        hook_type: "vertical",
        options: { trigger: "scroll", "scroll-percentage": 50, "hide-days": 7 },
        steps: [
          {
            name: say("Sign-up", "Anmälan"),
            elements: [
              heading(say("Enjoying this article?", "Gillar du artikeln?"), 3),
              paragraph(say("Get the next one before anyone else.", "Få nästa före alla andra.")),
              emailForm({
                emailPlaceholder: say("Your e-mail address", "Din e-postadress"),
                button: say("Keep me posted", "Håll mig uppdaterad"),
              }),
            ],
            after: [
              thankYou(
                say("Done! The next article comes to your inbox.", "Klart! Nästa artikel kommer till din inkorg."),
              ),
            ],
          },
        ],
      }),
  },
  {
    id: "slidein-news",
    kind: "slidein",
    goal: "announce",
    summary: (say) =>
      say(
        "A gentle corner note about an event or a new page.",
        "En diskret hörnruta om ett evenemang eller en ny sida.",
      ),
    build: (say) =>
      templateCta({
        name: say("Event slide-in", "Evenemangs-slide-in"),
        cta_type: "hook",
        hook_type: "horizontal",
        options: { trigger: "delayed", delay: 10, "hide-days": 3 },
        steps: [
          {
            name: say("News", "Nyhet"),
            elements: [
              heading(say("Join us live next Thursday", "Var med live nästa torsdag"), 3),
              paragraph(
                say(
                  "A free 45-minute session with answers to your questions.",
                  "Ett gratis pass på 45 minuter med svar på dina frågor.",
                ),
              ),
              linkButton(say("Save my seat", "Boka min plats"), "/"),
            ],
          },
        ],
      }),
  },
  {
    id: "slidein-callback",
    kind: "slidein",
    goal: "qualify",
    summary: (say) =>
      say(
        "Offers a callback to visitors who linger on pricing.",
        "Erbjuder återuppringning till besökare som stannar på prissidan.",
      ),
    build: (say) =>
      templateCta({
        name: say("Callback slide-in", "Återuppringning-slide-in"),
        cta_type: "hook",
        hook_type: "full",
        options: { trigger: "delayed", delay: 30, "hide-days": 7 },
        steps: [
          {
            name: say("Contact", "Kontakt"),
            elements: [
              heading(say("Questions about pricing?", "Frågor om priserna?"), 3),
              paragraph(
                say("Leave your number and we call you back today.", "Lämna ditt nummer så ringer vi upp i dag."),
              ),
              emailForm({
                before: [textField("name", say("Name", "Namn"), { required: true })],
                after: [textField("phone", say("Phone number", "Telefonnummer"), { type: "tel", required: true })],
                emailPlaceholder: say("E-mail", "E-post"),
                button: say("Call me back", "Ring upp mig"),
                consent: false,
              }),
            ],
            after: [thankYou(say("Thanks! We will call you today.", "Tack! Vi ringer dig i dag."))],
          },
        ],
      }),
  },
];
