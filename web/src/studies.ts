// The #studies screen: the studies the reader may find (the public ones, his own and those
// he is a member of), and a new one made from a record (with its variations and comments)
// or from the start of any game, Chu included.
import { errorText } from "./api.js";
import { h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { readFile } from "./records.js";
import type { Screen } from "./screen.js";
import { studies, type Visibility } from "./study-api.js";
import { gameChoice } from "./variants.js";

/** The visibilities, in the order offered; each has its words in `study-seen-VISIBILITY`. */
const SEEN: Visibility[] = ["public", "unlisted", "private"];

export function studiesScreen(): Screen {
  const list = h("ul", { id: "study-list", class: "study-list" }, h("li", {}, t("study-loading")));
  const name = h("input", { id: "study-name", required: true, maxlength: 100, placeholder: t("study-name-placeholder"), "aria-label": t("study-name-label") });
  const visibility = h("select", { id: "study-visibility", "aria-label": t("study-seen-label") }, ...SEEN.map((v) => h("option", { value: v }, t(`study-seen-${v}`))));
  const game = gameChoice("study-variant");
  const text = h("textarea", { id: "study-record", rows: 5, placeholder: t("study-record-placeholder"), "aria-label": t("study-record-label") });
  const file = h("input", { type: "file", id: "study-file", accept: ".kif,.kifu,.ki2,.ki2u,.csa,.jkf,.txt", "aria-label": t("study-file-label") });
  file.addEventListener("change", async () => {
    const chosen = file.files?.[0];
    if (chosen) text.value = await readFile(chosen);
  });
  const form = h(
    "form",
    { id: "new-study", class: "panel" },
    h("h2", {}, t("study-new-heading")),
    h("label", {}, t("study-name-field"), " ", name),
    h("label", {}, t("study-visibility-field"), " ", visibility),
    game.select,
    text,
    h("label", {}, t("study-file-field"), " ", file),
    h("button", { type: "submit", class: "primary", id: "create-study" }, t("study-create")),
  );
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      const record = text.value.trim();
      const variant = game.chosen();
      const made = await studies.create(name.value, visibility.value as Visibility, { ...(record ? { text: record } : {}), ...(variant ? { variant } : {}) });
      location.hash = `#study=${encodeURIComponent(made.id)}`;
    } catch (err) {
      toast(t("study-create-failed", { error: errorText(err) }));
    }
  });
  studies.list().then(
    (found) => {
      list.replaceChildren(...(found.length ? found.map((s) => h("li", {}, h("a", { href: `#study=${encodeURIComponent(s.id)}`, translate: "no" }, s.name), " ", t("study-list-entry", { owner: s.owner, visibility: s.visibility }))) : [h("li", {}, t("study-none"))]));
    },
    (err: unknown) => list.replaceChildren(h("li", {}, t("study-list-failed", { error: errorText(err) }))),
  );
  const el = h("div", { class: "studies-screen" }, h("section", { class: "panel" }, h("h2", {}, t("study-list-heading")), list), form);
  return { el, destroy: () => undefined };
}
