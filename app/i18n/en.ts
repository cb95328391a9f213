/**
 * The admin's English catalogue. Keys are grouped by page with a dot; texts
 * may hold {name} placeholders. Strings still written inline in the admin
 * move here one page at a time.
 */
export const en = {
  "language.en": "English",
  "language.sv": "Svenska",
  "language.switch": "Admin language",

  "header.signOut": "Sign out",

  "nav.label": "Website",
  "nav.allWebsites": "All websites",
  "nav.home": "Home",
  "nav.settings": "Settings",
  "nav.ctas": "CTAs",
  "nav.campaigns": "Campaigns",
  "nav.contacts": "Contacts",
  "nav.results": "Results",
  "nav.integrations": "Integrations",

  "ctas.title": "CTAs",
  "ctas.new": "New CTA",
  "ctas.empty": "No CTAs yet",
  "ctas.emptyHelp": "Create a CTA from a template, edit it, then publish it to show it on your site.",
  "ctas.name": "Name",
  "ctas.type": "Type",
  "ctas.status": "Status",
  "ctas.campaign": "Campaign",
  "ctas.published": "Published",
  "ctas.draft": "Draft",
  "ctas.archived": "Archived",
  "ctas.create": "Create CTA",
  "ctas.template": "Template",
  "ctas.templateForm": "Newsletter form",
  "ctas.templateBlank": "Blank",

  "editor.save": "Save",
  "editor.publish": "Publish",
  "editor.unpublish": "Unpublish",
  "editor.preview": "Preview",
  "editor.name": "Name",
  "editor.basics": "Basics",
  "editor.type": "Type",
  "editor.campaign": "Campaign",
  "editor.steps": "Steps",
  "editor.variants": "Variants",
  "editor.display": "Display",
  "editor.language": "Language of Beckon's texts",
  "editor.languageWebsite": "The website's language",
  "editor.languageHelp": "Validation messages, the close button, Powered by and product defaults. Your own texts stay as you write them.",

  "settings.title": "Settings",
  "settings.languageSection": "Language",
  "settings.languageSectionHelp": "The language visitors read Beckon's own texts in: validation messages, close buttons, Powered by, product defaults. A CTA can choose another.",
  "settings.language": "Website language",
} as const;

/** Keys of the admin's catalogue. */
export type AdminKey = keyof typeof en;
/** The shape every admin catalogue has. */
export type AdminTexts = { readonly [K in AdminKey]: string };
