/** Lets Polaris links and buttons with a url navigate with Remix instead of reloading the page. */
import { forwardRef } from "react";
import { Link } from "@remix-run/react";
import type { LinkLikeComponentProps } from "@shopify/polaris/build/ts/src/utilities/link/types";

/** Polaris `linkComponent` for the standalone admin: Remix Link for our paths, a plain anchor for external ones. */
export const PolarisLink = forwardRef<HTMLAnchorElement, LinkLikeComponentProps>(function PolarisLink(
  { url, children, external, target, download: _download, ...rest },
  ref,
) {
  if (external || /^[a-z][a-z0-9+.-]*:/i.test(url)) {
    return (
      <a ref={ref} href={url} target={external ? "_blank" : target} rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    );
  }
  return (
    <Link ref={ref} to={url} target={target} {...rest}>
      {children}
    </Link>
  );
});
