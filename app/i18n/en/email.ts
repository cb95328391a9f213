/** English texts of the e-mails the built-in lists send, and of the public confirm and unsubscribe pages. */
export const emailEn = {
  "email.confirm.subject": "Confirm your subscription to {site}",
  "email.confirm.greeting": "Hello {name},",
  "email.confirm.greetingNoName": "Hello,",
  "email.confirm.body":
    "Someone, probably you, asked to receive e-mails from {site}. Confirm with the link below; until you do, we send you nothing else.",
  "email.confirm.button": "Confirm my subscription",
  "email.confirm.ignore": "If this was not you, ignore this e-mail: the link expires in 7 days.",
  "email.footer.reason":
    "You receive this e-mail from {site} ({from}) because this address was entered in a form on {domain}.",
  "email.footer.unsubscribe": "Unsubscribe: {url}",
  "email.footer.unsubscribeLink": "Unsubscribe",

  "email.page.confirmTitle": "Confirm your subscription",
  "email.page.confirmText": "Confirm that {email} wants e-mails from {site}.",
  "email.page.confirmButton": "Confirm",
  "email.page.confirmed": "Thank you: your subscription is confirmed.",
  "email.page.alreadyConfirmed": "This subscription was already confirmed.",
  "email.page.unsubscribeTitle": "Unsubscribe",
  "email.page.unsubscribeText": "Stop all e-mails from {site} to {email}?",
  "email.page.unsubscribeButton": "Unsubscribe",
  "email.page.unsubscribed": "You are unsubscribed: {site} sends this address nothing more.",
  "email.page.invalid": "This link is not valid. Check that it was copied whole.",
  "email.page.expired": "This link has expired. Subscribe again to get a new one.",

  "email.magnet.subject": "Your download from {site}: {label}",
  "email.magnet.body": "Thank you for your interest. Here is what you asked for from {site}: {label}.",
  "email.magnet.button": "Download {label}",
  "email.magnet.expiry": "The link works for {days} days. After that, use the form again for a fresh one.",
  "email.magnet.defaultLabel": "your download",

  "email.page.magnetTitle": "Your download",
  "email.page.magnetReady": "Your download is ready:",
  "email.page.magnetExpired":
    "This download link has expired: links work for {days} days, so they cannot be shared for ever. Use the form on the website again and a fresh link comes by e-mail.",
  "email.page.magnetGone": "This download is no longer offered.",
} as const;
