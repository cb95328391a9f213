/**
 * The standalone owner admin's navigation between one website's pages
 * (the Shopify admin uses App Bridge's NavMenu in app/routes/app.tsx instead).
 */
import { NavLink } from "@remix-run/react";
import { Box, InlineStack } from "@shopify/polaris";
import { adminPaths } from "#app/view/admin-links";
import { translator, type Translate } from "#app/i18n";
import { useT } from "#app/i18n/useT";

/** The pages of a website, in menu order. */
export function adminNavItems(
  basePath: string,
  surface: "owner" | "shopify" = "owner",
  translate: Translate = translator("en"),
): { label: string; url: string }[] {
  const paths = adminPaths({ basePath, surface });
  return [
    { label: translate("nav.settings"), url: paths.settings },
    { label: translate("nav.ctas"), url: paths.ctas },
    { label: translate("nav.campaigns"), url: paths.broadcasts },
    { label: translate("nav.contacts"), url: paths.contacts },
    { label: translate("nav.results"), url: paths.results },
    { label: translate("nav.integrations"), url: paths.integrations },
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
  const translate = useT();
  const items = adminNavItems(`/owner/websites/${websiteId}`, "owner", translate);
  return (
    <Box paddingInline="400" paddingBlock="200" background="bg-surface" borderBlockEndWidth="025" borderColor="border">
      <nav aria-label={translate("nav.label")}>
        <InlineStack gap="100" wrap>
          <NavLink to="/owner" end style={linkStyle}>
            {translate("nav.allWebsites")}
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
