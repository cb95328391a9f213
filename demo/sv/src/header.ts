/** Theme header: gets the appear class once the page has scrolled more than 180 px. */
import { HEADER_APPEAR_CLASS, HEADER_APPEAR_PX } from "./constants";
import { onScrollFrame } from "./dom";

export function initHeader(doc: Document, win: Window): void {
  const header = doc.getElementById("masthead");
  if (!header) return;
  const update = () => header.classList.toggle(HEADER_APPEAR_CLASS, win.scrollY > HEADER_APPEAR_PX);
  onScrollFrame(win, update);
  update();
}
