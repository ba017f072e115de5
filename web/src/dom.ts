// Small helpers to build DOM and SVG elements.
import { t } from "./i18n.js";

type Attrs = Record<string, string | number | boolean | null | undefined | ((e: Event) => void)>;
type Child = Node | string | null | undefined | false;

function apply(el: Element, attrs: Attrs, children: Child[]): void {
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === "function") el.addEventListener(name.replace(/^on/, ""), value);
    else el.setAttribute(name, value === true ? "" : String(value));
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
}

/** An HTML element: `h("button", {id: "flip", onclick: f}, "Flip")`. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  apply(el, attrs, children);
  return el;
}

export const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element. */
export function s<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG_NS, tag);
  apply(el, attrs, children);
  return el;
}

/** A short message at the bottom of the screen. */
export function toast(message: string, kind: "error" | "info" = "error"): void {
  const el = h("div", { class: `toast ${kind}`, role: "alert" }, message);
  document.body.append(el);
  window.setTimeout(() => el.remove(), 5000);
}

/**
 * A modal dialog over the page, shown at once: `label` for screen readers, `dialog` inside.
 * Escape and a click on the backdrop call `dismiss`. A click counts only when it ends a press
 * made on the dialog (or comes from the keyboard): the click that a phone synthesizes after a
 * tap whose `pointerup` opened the dialog lands on it, and must neither dismiss it nor press
 * the button under the finger.
 */
export function modal(label: string, dialog: HTMLElement, dismiss: () => void): HTMLElement {
  const overlay = h("div", { class: "overlay", role: "dialog", "aria-modal": "true", "aria-label": label }, dialog);
  let pressed: EventTarget | null = null;
  overlay.addEventListener("pointerdown", (e) => (pressed = e.target), true);
  overlay.addEventListener(
    "click",
    (e) => {
      const keyboard = e.detail === 0;
      if (!keyboard && pressed === null) {
        // The tail of a press made before the dialog opened.
        e.stopPropagation();
        e.preventDefault();
        return;
      }
      if (e.target === overlay && (keyboard || pressed === overlay)) dismiss();
      pressed = null;
    },
    true,
  );
  overlay.addEventListener("keydown", (e) => {
    if ((e as KeyboardEvent).key === "Escape") dismiss();
  });
  document.body.append(overlay);
  return overlay;
}

/** A yes/no question; resolves true on yes. Buttons carry `data-confirm="yes"` / `"no"`. */
export function confirmDialog(question: string, yes: string, no = t("common-cancel")): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (answer: boolean) => {
      overlay.remove();
      resolve(answer);
    };
    const yesButton = h("button", { type: "button", class: "primary", "data-confirm": "yes", onclick: () => done(true) }, yes);
    const overlay = modal(
      question,
      h("div", { class: "dialog" }, h("p", {}, question), h("div", { class: "buttons" }, yesButton, h("button", { type: "button", "data-confirm": "no", onclick: () => done(false) }, no))),
      () => done(false),
    );
    yesButton.focus();
  });
}

/** Offers `text` as a file to save. */
export function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const a = h("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
