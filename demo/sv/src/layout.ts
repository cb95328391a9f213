/**
 * Tells the page which layout it is in: the page builder's device on
 * body[data-elementor-device-mode] and the theme's mobile menu as body classes
 * (ast-header-break-point below 922 px, ast-desktop above), updated on resize.
 */
import { builderDevice, isThemeMobileMenu, type Device } from "./breakpoints";
import { emit } from "./dom";

export function currentDevice(win: Window): Device {
  return builderDevice(win.innerWidth);
}

export function initLayout(doc: Document, win: Window): void {
  const apply = () => {
    const body = doc.body;
    const device = builderDevice(win.innerWidth);
    const before = body.getAttribute("data-elementor-device-mode");
    body.setAttribute("data-elementor-device-mode", device);
    const mobileMenu = isThemeMobileMenu(win.innerWidth);
    body.classList.toggle("ast-header-break-point", mobileMenu);
    body.classList.toggle("ast-desktop", !mobileMenu);
    if (before && before !== device) emit(doc, "device", device);
  };
  apply();
  win.addEventListener("resize", apply);
}
