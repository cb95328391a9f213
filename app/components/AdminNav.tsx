/**
 * The standalone owner admin's navigation between one website's pages
 * (the Shopify admin uses App Bridge's NavMenu in app/routes/app.tsx instead).
 */
import { NavLink } from "@remix-run/react";
import { Box, InlineStack } from "@shopify/polaris";
import { adminPaths } from "~/lib/admin-links";
import { translator, type Translate } from "~/i18n";
import { useT } from "~/i18n/useT";

/** The pages of a website, in menu order. */
export function adminNavItems(
  basePath: string,
  surface: "owner" | "shopify" = "owner",
  t: Translate = translator("en"),
): { label: string; url: string }[] {
  const p = adminPaths({ basePath, surface });
  return [
    { label: t("nav.settings"), url: p.settings },
    { label: t("nav.ctas"), url: p.ctas },
    { label: t("nav.campaigns"), url: p.broadcasts },
    { label: t("nav.contacts"), url: p.contacts },
    { label: t("nav.results"), url: p.results },
    { label: t("nav.integrations"), url: p.integrations },
  ];
}

const linkStyle = ({ isActive }: { isActive: boolean }): React.CSSProperties => ({
  display: "inline-block",
  padding: "6px 12px",
  borderRadius: 8,
  textDecoration: "none",
  fontWeight: isActive ? 650 : 450,
  color: "#303030",
  background: isActive ? "#e3e3e3" : "transparent",
});

/** A row of links to a website's pages; the current one is marked for screen readers too. */
export function AdminNav({ websiteId }: { websiteId: number | string }) {
  const t = useT();
  const items = adminNavItems(`/owner/websites/${websiteId}`, "owner", t);
  return (
    <Box paddingInline="400" paddingBlock="200" background="bg-surface" borderBlockEndWidth="025" borderColor="border">
      <nav aria-label={t("nav.label")}>
        <InlineStack gap="100" wrap>
          <NavLink to="/owner" end style={linkStyle}>
            {t("nav.allWebsites")}
          </NavLink>
          {items.map((item) => (
            <NavLink key={item.url} to={item.url} style={linkStyle} prefetch="intent">
              {item.label}
            </NavLink>
          ))}
        </InlineStack>
      </nav>
    </Box>
  );
}
