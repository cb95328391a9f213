/** Swedish texts of the e-mails the built-in lists send and their public pages; exactly the keys of en/email.ts. */
import type { SameKeys } from "#app/i18n/same-keys";
import type { emailEn } from "#app/i18n/en/email";

export const emailSv: SameKeys<typeof emailEn> = {
  "email.confirm.subject": "Bekräfta din prenumeration hos {site}",
  "email.confirm.greeting": "Hej {name},",
  "email.confirm.greetingNoName": "Hej,",
  "email.confirm.body":
    "Någon, troligen du, har bett om att få e-post från {site}. Bekräfta med länken nedan; tills du gör det skickar vi inget annat.",
  "email.confirm.button": "Bekräfta min prenumeration",
  "email.confirm.ignore": "Var det inte du? Bortse från det här mejlet: länken slutar gälla om 7 dagar.",
  "email.footer.reason":
    "Du får det här mejlet från {site} ({from}) eftersom adressen angavs i ett formulär på {domain}.",
  "email.footer.unsubscribe": "Avsluta prenumerationen: {url}",
  "email.footer.unsubscribeLink": "Avsluta prenumerationen",

  "email.page.confirmTitle": "Bekräfta din prenumeration",
  "email.page.confirmText": "Bekräfta att {email} vill få e-post från {site}.",
  "email.page.confirmButton": "Bekräfta",
  "email.page.confirmed": "Tack! Din prenumeration är bekräftad.",
  "email.page.alreadyConfirmed": "Prenumerationen var redan bekräftad.",
  "email.page.unsubscribeTitle": "Avsluta prenumerationen",
  "email.page.unsubscribeText": "Sluta skicka all e-post från {site} till {email}?",
  "email.page.unsubscribeButton": "Avsluta",
  "email.page.unsubscribed": "Du har avslutat prenumerationen: {site} skickar inget mer till adressen.",
  "email.page.invalid": "Länken är inte giltig. Kontrollera att hela länken kom med.",
  "email.page.expired": "Länken har slutat gälla. Anmäl dig igen för att få en ny.",

  "email.magnet.subject": "Din nedladdning från {site}: {label}",
  "email.magnet.body": "Tack för ditt intresse. Här är det du bad om från {site}: {label}.",
  "email.magnet.button": "Ladda ned {label}",
  "email.magnet.expiry": "Länken gäller i {days} dagar. Därefter kan du använda formuläret igen för att få en ny.",
  "email.magnet.defaultLabel": "din nedladdning",

  "email.page.magnetTitle": "Din nedladdning",
  "email.page.magnetReady": "Din nedladdning är klar:",
  "email.page.magnetExpired":
    "Nedladdningslänken har slutat gälla: länkar gäller i {days} dagar så att de inte kan delas hur länge som helst. Använd formuläret på webbplatsen igen så kommer en ny länk med e-post.",
  "email.page.magnetGone": "Den här nedladdningen erbjuds inte längre.",
};
