/**
 * Free mailbox domains missing from the email-providers package that matter
 * for the Nordic host site (consumer ISP and webmail domains). Checked
 * against the package list when added; keep sorted.
 */
export const EXTRA_FREE_EMAIL_DOMAINS = [
  "bahnhof.se",
  "bredband.net",
  "bredband2.com",
  "comhem.se",
  "fastmail.com",
  "gmail.se",
  "hotmail.dk",
  "hotmail.no",
  "hotmail.se",
  "live.dk",
  "live.no",
  "live.se",
  "msn.se",
  "outlook.dk",
  "outlook.se",
  "passagen.se",
  "swipnet.se",
  "tele2.se",
  "telia.com",
  "tutanota.com",
  "tutanota.de",
  "tuta.io",
];

/** Misspellings of the largest free providers: a typo is almost never a real mailbox. */
export const DOMAIN_TYPOS: Record<string, string> = {
  "gmial.com": "gmail.com",
  "gmai.com": "gmail.com",
  "gamil.com": "gmail.com",
  "gmail.co": "gmail.com",
  "gmail.con": "gmail.com",
  "gnail.com": "gmail.com",
  "hotmial.com": "hotmail.com",
  "hotmal.com": "hotmail.com",
  "hotmail.con": "hotmail.com",
  "hotmai.se": "hotmail.se",
  "homtail.se": "hotmail.se",
  "outlok.com": "outlook.com",
  "yaho.com": "yahoo.com",
  "yahoo.con": "yahoo.com",
  "icloud.co": "icloud.com",
};

/** Local parts of shared mailboxes rather than a person's (scored lower, not rejected). */
export const ROLE_LOCAL_PARTS = ["admin", "info", "kontakt", "contact", "noreply", "no-reply", "postmaster", "support", "sales", "webmaster", "abuse", "test"];
