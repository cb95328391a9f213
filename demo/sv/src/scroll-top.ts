/** Theme scroll-to-top button: visible once the page has scrolled more than 300 px. */
import { SCROLL_TOP_PX } from "./constants";
import { onScrollFrame } from "./dom";

export function initScrollTop(doc: Document, win: Window): void {
  const button = doc.getElementById("ast-scroll-top");
  if (!button) return;
  const update = () => {
    const visible = win.scrollY > SCROLL_TOP_PX;
    button.classList.toggle("is-visible", visible);
    button.setAttribute("aria-hidden", String(!visible));
    button.tabIndex = visible ? 0 : -1;
  };
  button.addEventListener("click", (e) => {
    e.preventDefault();
    win.scrollTo({ top: 0, behavior: "smooth" });
  });
  onScrollFrame(win, update);
  update();
}
