/** Entry of the host site's bundle (demo/sv/assets/site.js). */
import { startHost } from "./site";

const run = () => {
  try {
    startHost(document, window);
  } catch (e) {
    console.error("[sv] site scripts failed", e);
  }
};
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run, { once: true });
else run();
