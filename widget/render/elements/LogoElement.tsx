import type { ElementProps } from "#widget/render/context";
import { num, str } from "#widget/render/kit";
import { Picture } from "./ImageElement";

/** The site's logo: options.src, else the logo-url data setting; alt defaults to the brand name. */
export default function LogoElement({ element, ctx }: ElementProps) {
  const options = element.options;
  const data = ctx.config.data_settings as Record<string, unknown>;
  return (
    <Picture
      className="bk-logo"
      src={str(options, "src") || str(data, "logo-url")}
      alt={str(options, "alt") || ctx.config.brand || ""}
      link={str(options, "link")}
      blank={options["target-blank"] === true}
      width={num(options, "width", num(data, "logo-width", 160))}
    />
  );
}
