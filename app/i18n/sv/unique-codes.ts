/** Svenska texter för unika rabattkoder: redigerarens inställningar, uppladdning och varningar, Resultat. */
import type { uniqueCodesEn } from "#app/i18n/en/unique-codes";

export const uniqueCodesSv: Record<keyof typeof uniqueCodesEn, string> = {
  "uniqueCodes.title": "Unika rabattkoder",
  "uniqueCodes.help":
    "Varje nytt lead får en egen kod, en gång. Visa den i tacksteget med rabattkodselementet eller kopplingstaggen {tag}.",
  "uniqueCodes.source": "Var koderna kommer ifrån",
  "uniqueCodes.source.none": "Inga unika koder",
  "uniqueCodes.source.shopify": "Skapas i min Shopify-butik",
  "uniqueCodes.source.pool": "En lista med koder som jag laddar upp",
  "uniqueCodes.kind": "Rabatt",
  "uniqueCodes.kind.percentage": "Procent av",
  "uniqueCodes.kind.amount": "Belopp av",
  "uniqueCodes.value": "Värde",
  "uniqueCodes.minimum": "Lägsta delsumma (0: ingen)",
  "uniqueCodes.expiry": "Går ut efter (dagar, tomt: aldrig)",
  "uniqueCodes.oncePerCustomer": "En användning per kund",
  "uniqueCodes.prefix": "Kodens prefix",
  "uniqueCodes.warnThreshold": "Varna mig när färre koder än så här finns kvar",
  "uniqueCodes.upload": "Ladda upp koder (CSV, en kod per rad)",
  "uniqueCodes.uploadHelp":
    "En rubrikrad går bra; dubbletter och koder som redan laddats upp hoppas över. Spara CTA:n först.",
  "uniqueCodes.uploaded": "{added} koder tillagda, {skipped} överhoppade.",
  "uniqueCodes.remaining": "{available} koder kvar, {issued} utdelade, {redeemed} inlösta.",
  "uniqueCodes.low": "Bara {available} koder finns kvar. Ladda upp fler innan de tar slut.",
  "uniqueCodes.empty":
    "Inga koder finns kvar: nya leads ser elementets reservtext i stället för en kod. Ladda upp fler koder.",
  "uniqueCodes.saveFirst": "Spara CTA:n för att ladda upp koder.",
  "uniqueCodes.shopifyHelp":
    "Beckon skapar koderna i din butik i förväg och har alltid minst 100 redo, så att ett lead aldrig väntar på Shopify.",
  "uniqueCodes.shopify.missing":
    "Beckon behöver behörighet att skapa rabatter i din butik. Spara den här CTA:n i Shopify-administratören och godkänn förfrågan.",
  "uniqueCodes.shopify.notInstalled": "Installera Beckon i din Shopify-butik så att koderna kan skapas där.",
  "uniqueCodes.shopify.low": "Bara {available} koder är redo. Beckon skapar fler i din butik.",
  "uniqueCodes.shopify.empty":
    "Inga koder är redo ännu: Beckon skapar dem i din butik inom en minut efter att du sparat. Till dess ser nya leads elementets reservtext.",
  "uniqueCodes.element.label": "Etikett ovanför koden",
  "uniqueCodes.element.fallback": "Text när inga koder finns kvar",
  "uniqueCodes.element.showApply": "Visa en knapp som lägger till koden (butiker)",
  "uniqueCodes.results.issued": "Utdelade koder",
  "uniqueCodes.results.redeemed": "Inlösta koder",
  "uniqueCodes.contact.code": "Rabattkod",
  "uniqueCodes.upload.tooLarge": "Filen är större än {max} kB",
  "uniqueCodes.upload.tooMany": "Filen har fler än {max} koder",
  "uniqueCodes.upload.badCode": 'Rad {line}: "{code}" är ingen kod (3 till 64 bokstäver, siffror, - eller _)',
  "uniqueCodes.upload.noCodes": "Filen har inga koder",
  "uniqueCodes.upload.notPool": "Den här CTA:n använder inte uppladdade koder",
};
