// The #studies screen: the studies the reader may find (the public ones, his own and those
// he is a member of), and a new one made from a record (with its variations and comments)
// or from the start.
import { h, toast } from "./dom.js";
import { readFile } from "./records.js";
import type { Screen } from "./screen.js";
import { studies, type Visibility } from "./study-api.js";

/** The words of each visibility. */
const SEEN: Record<Visibility, string> = {
  public: "Public: listed for everyone",
  unlisted: "Unlisted: whoever has its address",
  private: "Private: its members only",
};

export function studiesScreen(): Screen {
  const list = h("ul", { id: "study-list", class: "study-list" }, h("li", {}, "Loading…"));
  const name = h("input", { id: "study-name", required: true, maxlength: 100, placeholder: "Ranging rook lines", "aria-label": "The study's name" });
  const visibility = h("select", { id: "study-visibility", "aria-label": "Who sees it" }, ...(Object.keys(SEEN) as Visibility[]).map((v) => h("option", { value: v }, SEEN[v])));
  const text = h("textarea", { id: "study-record", rows: 5, placeholder: "Paste a KIF, KI2, CSA or JKF record (its variations and comments are kept), or leave it empty to start from the usual position.", "aria-label": "The first chapter's record" });
  const file = h("input", { type: "file", id: "study-file", accept: ".kif,.kifu,.ki2,.ki2u,.csa,.jkf,.txt", "aria-label": "A record file" });
  file.addEventListener("change", async () => {
    const chosen = file.files?.[0];
    if (chosen) text.value = await readFile(chosen);
  });
  const form = h(
    "form",
    { id: "new-study", class: "panel" },
    h("h2", {}, "New study 研究"),
    h("label", {}, "Name ", name),
    h("label", {}, "Visibility ", visibility),
    text,
    h("label", {}, "Or a file: ", file),
    h("button", { type: "submit", class: "primary", id: "create-study" }, "Create the study"),
  );
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      const record = text.value.trim();
      const made = await studies.create(name.value, visibility.value as Visibility, record ? { text: record } : {});
      location.hash = `#study=${encodeURIComponent(made.id)}`;
    } catch (err) {
      toast(`The study: ${(err as Error).message}`);
    }
  });
  studies.list().then(
    (found) => {
      list.replaceChildren(...(found.length ? found.map((s) => h("li", {}, h("a", { href: `#study=${encodeURIComponent(s.id)}` }, s.name), ` · ${s.owner} · ${s.visibility}`)) : [h("li", {}, "No study yet.")]));
    },
    (err: Error) => list.replaceChildren(h("li", {}, `Cannot list the studies: ${err.message}`)),
  );
  const el = h("div", { class: "studies-screen" }, h("section", { class: "panel" }, h("h2", {}, "Studies"), list), form);
  return { el, destroy: () => undefined };
}
