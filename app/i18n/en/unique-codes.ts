/** English texts of unique discount codes: the editor's settings, the code pool's upload and warnings, Results. */
export const uniqueCodesEn = {
  "uniqueCodes.title": "Unique discount codes",
  "uniqueCodes.help":
    "Each new lead gets a code of their own, once. Show it on the success step with the discount code element or the {tag} merge tag.",
  "uniqueCodes.source": "Where the codes come from",
  "uniqueCodes.source.none": "No unique codes",
  "uniqueCodes.source.shopify": "Made in my Shopify store",
  "uniqueCodes.source.pool": "A list of codes I upload",
  "uniqueCodes.kind": "Discount",
  "uniqueCodes.kind.percentage": "Percentage off",
  "uniqueCodes.kind.amount": "Amount off",
  "uniqueCodes.value": "Value",
  "uniqueCodes.minimum": "Minimum subtotal (0: none)",
  "uniqueCodes.expiry": "Expires after (days, empty: never)",
  "uniqueCodes.oncePerCustomer": "One use per customer",
  "uniqueCodes.prefix": "Code prefix",
  "uniqueCodes.warnThreshold": "Warn me when fewer codes than this are left",
  "uniqueCodes.upload": "Upload codes (CSV, one code a line)",
  "uniqueCodes.uploadHelp":
    "A header line is fine; duplicates and codes already uploaded are skipped. Save the CTA first.",
  "uniqueCodes.uploaded": "{added} codes added, {skipped} skipped.",
  "uniqueCodes.remaining": "{available} codes left, {issued} handed out, {redeemed} redeemed.",
  "uniqueCodes.low": "Only {available} codes are left. Upload more before they run out.",
  "uniqueCodes.empty":
    "No codes are left: new leads see the element's fallback text instead of a code. Upload more codes.",
  "uniqueCodes.saveFirst": "Save the CTA to upload codes.",
  "uniqueCodes.shopifyHelp":
    "Beckon makes the codes in your store ahead of time and keeps at least 100 ready, so a lead never waits for Shopify.",
  "uniqueCodes.shopify.missing":
    "Beckon needs permission to create discounts in your store. Save this CTA in the Shopify admin and approve the request.",
  "uniqueCodes.shopify.notInstalled": "Install Beckon in your Shopify store so that it can make codes there.",
  "uniqueCodes.shopify.low": "Only {available} codes are ready. Beckon is making more in your store.",
  "uniqueCodes.shopify.empty":
    "No codes are ready yet: Beckon makes them in your store within a minute of saving. Until then new leads see the element's fallback text.",
  "uniqueCodes.element.label": "Label above the code",
  "uniqueCodes.element.fallback": "Text when no code is left",
  "uniqueCodes.element.showApply": "Show an Apply button (stores)",
  "uniqueCodes.results.issued": "Codes issued",
  "uniqueCodes.results.redeemed": "Codes redeemed",
  "uniqueCodes.contact.code": "Discount code",
  "uniqueCodes.upload.tooLarge": "The file is larger than {max} KB",
  "uniqueCodes.upload.tooMany": "The file has more than {max} codes",
  "uniqueCodes.upload.badCode": 'Line {line}: "{code}" is no code (3 to 64 letters, digits, - or _)',
  "uniqueCodes.upload.noCodes": "The file has no codes",
  "uniqueCodes.upload.notPool": "This CTA does not use uploaded codes",
} as const;
