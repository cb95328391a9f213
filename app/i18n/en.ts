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
  "ctas.subtitle": "Popups, bars, inline forms and landing pages",
  "ctas.new": "New CTA",
  "ctas.empty": "No CTAs yet. Create one above.",
  "ctas.singular": "CTA",
  "ctas.plural": "CTAs",
  "ctas.name": "Name",
  "ctas.type": "Type",
  "ctas.status": "Status",
  "ctas.campaign": "Campaign",
  "ctas.campaignFallback": "Campaign {id}",
  "ctas.publishedAt": "Published",
  "ctas.actions": "Actions",
  "ctas.published": "Published",
  "ctas.draft": "Draft",
  "ctas.archived": "Archived",
  "ctas.publish": "Publish",
  "ctas.unpublish": "Unpublish",
  "ctas.duplicate": "Duplicate",
  "ctas.archive": "Archive",
  "ctas.create": "Create CTA",
  "ctas.template": "Start from",
  "ctas.templateForm": "Heading and e-mail form",
  "ctas.templateBlank": "Blank text",

  "ctaType.overlay": "Overlay (popup)",
  "ctaType.bar": "Sticky bar",
  "ctaType.inline": "Inline (in the page)",
  "ctaType.page": "Landing page",
  "ctaType.hook": "Hook (slide-in)",
  "ctaType.two-tap": "Two-tap teaser",
  "ctaType.sub.inline_type": "Inline type",
  "ctaType.sub.overlay_type": "Overlay type",
  "ctaType.sub.hook_type": "Hook type",
  "ctaType.sub.bar_position": "Bar position",
  "ctaType.value.embed": "embed",
  "ctaType.value.sidebar": "sidebar",
  "ctaType.value.bumper": "bumper",
  "ctaType.value.boxed": "boxed",
  "ctaType.value.splash": "splash",
  "ctaType.value.full": "full",
  "ctaType.value.horizontal": "horizontal",
  "ctaType.value.vertical": "vertical",
  "ctaType.value.top": "top",
  "ctaType.value.bottom": "bottom",

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
