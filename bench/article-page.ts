/**
 * The page-cost benchmark's second page, of another shape than the demo
 * store: a long magazine article, as a store's blog post is. Twelve sections,
 * six images, thirty comments and a sticky header whose scroll-progress bar
 * the page's own script moves on every scroll. A widget that recalculates
 * the whole document's style, observes the whole tree or reads layout shows
 * its cost here far more than on the short store page, so a result tuned to
 * one page shows up.
 *
 * Deterministic: the same bytes on every run (no random text, no dates).
 */

/** One image of the article: an SVG of a fixed size, so the page lays out before it arrives. */
function articleImage(index: number): string {
  const hue = (index * 57) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,62%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},45%,32%)"/></linearGradient></defs>
<rect width="1200" height="675" fill="url(#g)"/>
${Array.from({ length: 24 }, (_, i) => `<circle cx="${(i * 97) % 1200}" cy="${(i * 61) % 675}" r="${20 + ((i * 13) % 60)}" fill="rgba(255,255,255,0.${(i % 7) + 1})"/>`).join("")}
</svg>`;
}

/** The files the article page loads besides itself: its images. */
export const ARTICLE_FILES: Record<string, { body: string; type: string }> = Object.fromEntries(
  Array.from({ length: 6 }, (_, i) => [`image-${i + 1}.svg`, { body: articleImage(i + 1), type: "image/svg+xml" }]),
);

const SENTENCES = [
  "A good pour-over starts long before the kettle boils: with beans roasted two to three weeks ago and ground just before brewing.",
  "Water just off the boil, around 94 degrees, pulls sweetness out of a light roast without the bitterness of a scalded cup.",
  "Bloom the grounds with twice their weight in water and wait thirty seconds while the carbon dioxide escapes.",
  "Pour in slow spirals, keeping the bed level, so that every grain gives up its flavour at the same pace.",
  "A total brew time of three minutes is a guide, not a rule; taste, then grind finer or coarser the next morning.",
  "Paper filters hold back oils that a metal filter lets through, which is why the same beans taste cleaner in a paper cone.",
  "Weigh rather than measure by the spoon: a scale turns a lucky cup into one you can make again.",
  "Store beans in an opaque, airtight jar at room temperature; the fridge brings moisture and the smells of everything else.",
];

const sentence = (i: number) => SENTENCES[i % SENTENCES.length];

function section(index: number): string {
  const paragraphs = Array.from(
    { length: 4 },
    (_, p) => `<p>${[0, 1, 2, 3].map((k) => sentence(index * 5 + p * 3 + k)).join(" ")}</p>`,
  ).join("\n");
  // Every other section has an image: six in all.
  const figure =
    index % 2 === 0
      ? `<figure><img src="image-${index / 2 + 1}.svg" width="1200" height="675" alt="Illustration ${index / 2 + 1}"${index === 0 ? "" : ' loading="lazy"'}><figcaption>Figure ${index / 2 + 1}: a brewing step.</figcaption></figure>`
      : `<blockquote>${sentence(index + 3)}</blockquote>`;
  return `<section id="s${index + 1}"><h2>${index + 1}. ${["Beans", "Water", "Bloom", "Pour", "Time", "Filters", "Scales", "Storage", "Grinders", "Kettles", "Cups", "Tasting"][index]}</h2>\n${figure}\n${paragraphs}</section>`;
}

function comment(index: number): string {
  return `<li class="comment"><div class="avatar" aria-hidden="true">${String.fromCharCode(65 + (index % 26))}</div><div><p class="who">Reader ${index + 1} <span>· ${(index % 9) + 1} days ago</span></p><p>${sentence(index * 3)}</p><button type="button" class="like">Like (${(index * 7) % 23})</button></div></li>`;
}

/** The article with `snippet` just before </body>, as the store page has it. */
export function articlePage(snippet: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>How to brew a better pour-over | Beckon Coffee journal</title>
<style>
  *, *::before, *::after { box-sizing: border-box; }
  body { margin: 0; font: 18px/1.65 Georgia, "Times New Roman", serif; color: #222; background: #fbfaf7; }
  header.site { position: sticky; top: 0; z-index: 10; background: #fff; border-bottom: 1px solid #e6e1d8; }
  header.site nav { display: flex; gap: 24px; align-items: center; max-width: 1080px; margin: 0 auto; padding: 14px 20px; font: 600 15px system-ui, sans-serif; }
  header.site nav a { color: #333; text-decoration: none; }
  header.site .brand { font-size: 18px; margin-right: auto; }
  .progress { position: absolute; left: 0; bottom: -1px; height: 3px; width: 100%; background: #b5651d; transform-origin: 0 50%; transform: scaleX(0); }
  main { max-width: 760px; margin: 0 auto; padding: 32px 20px 80px; }
  h1 { font-size: 40px; line-height: 1.15; margin: 16px 0 8px; }
  .byline { color: #666; font: 14px system-ui, sans-serif; margin-bottom: 32px; }
  h2 { font-size: 26px; margin: 48px 0 12px; }
  figure { margin: 24px 0; }
  figure img { width: 100%; height: auto; display: block; border-radius: 6px; background: #e6e1d8; }
  figcaption { color: #666; font: 14px system-ui, sans-serif; margin-top: 6px; }
  blockquote { margin: 24px 0; padding-left: 18px; border-left: 4px solid #b5651d; font-style: italic; color: #444; }
  .comments { list-style: none; padding: 0; margin: 48px 0 0; border-top: 1px solid #e6e1d8; }
  .comment { display: flex; gap: 14px; padding: 16px 0; border-bottom: 1px solid #eee; font: 15px/1.5 system-ui, sans-serif; }
  .avatar { flex: 0 0 40px; height: 40px; border-radius: 50%; background: #e6e1d8; display: grid; place-items: center; font-weight: 700; }
  .who { margin: 0; font-weight: 600; } .who span { font-weight: 400; color: #888; }
  .like { border: 1px solid #ccc; background: #fff; border-radius: 14px; padding: 2px 10px; font: inherit; cursor: pointer; }
</style>
</head>
<body>
<header class="site">
  <nav><a class="brand" href="#">Beckon Coffee</a><a href="#">Shop</a><a href="#">Journal</a><a href="#">Brew guides</a><a href="#">About</a></nav>
  <div class="progress" id="progress"></div>
</header>
<main>
  <article>
    <h1>How to brew a better pour-over at home</h1>
    <p class="byline">By the Beckon Coffee team · 12 minute read</p>
${Array.from({ length: 12 }, (_, i) => section(i)).join("\n")}
  </article>
  <h2>30 comments</h2>
  <ul class="comments">
${Array.from({ length: 30 }, (_, i) => comment(i)).join("\n")}
  </ul>
</main>
<script>
  // The page's own scroll-progress bar, as article themes have: a transform
  // written on every scroll, after reading the document's height.
  (function () {
    var bar = document.getElementById("progress");
    function update() {
      var max = document.documentElement.scrollHeight - innerHeight;
      bar.style.transform = "scaleX(" + (max > 0 ? scrollY / max : 0) + ")";
    }
    addEventListener("scroll", update, { passive: true });
    addEventListener("resize", update);
    update();
  })();
</script>
${snippet}
</body>
</html>
`;
}
