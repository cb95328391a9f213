import type { ElementProps } from "#widget/render/context";
import { num, safeHref, str } from "#widget/render/kit";

/** An image, optionally a link; src and link must be http(s). An empty alt marks it decorative. */
export function Picture({
  src,
  alt,
  link,
  blank,
  width,
  className,
}: {
  src: string;
  alt: string;
  link: string;
  blank: boolean;
  width: number;
  className: string;
}) {
  const url = safeHref(src);
  if (!url) return null;
  const img = <img src={url} alt={alt} loading="lazy" style={width ? { maxWidth: width + "px" } : undefined} />;
  const href = safeHref(link);
  return (
    <div className={"bk-el " + className}>
      {href ? (
        <a href={href} target={blank ? "_blank" : undefined} rel={blank ? "noopener noreferrer" : undefined}>
          {img}
        </a>
      ) : (
        img
      )}
    </div>
  );
}

/** The image element. */
export default function ImageElement({ element }: ElementProps) {
  const options = element.options;
  return (
    <Picture
      className="bk-image"
      src={str(options, "src") || str(options, "url")}
      alt={str(options, "alt")}
      link={str(options, "link")}
      blank={options["target-blank"] === true}
      width={num(options, "width", 0)}
    />
  );
}
