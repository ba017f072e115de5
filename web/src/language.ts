// The language picker of the top bar; the account's language, chosen on another device,
// replaces this browser's.
import { h } from "./dom.js";
import { chooseLanguage, isPseudo, LANGUAGES, language, t, type Lang } from "./i18n.js";
import { onAccountPreferences, savePreferences } from "./preferences.js";

onAccountPreferences((prefs) => {
  const chosen = prefs.language;
  if (typeof chosen === "string" && chosen !== language() && !isPseudo() && LANGUAGES.some(([c]) => c === chosen)) {
    chooseLanguage(chosen as Lang);
  }
});

/** The top bar's language picker: each language by its own name. */
export function languagePicker(): HTMLElement {
  const select = h(
    "select",
    { id: "language", class: "language", "aria-label": t("common-language") },
    ...LANGUAGES.map(([code, name]) => h("option", { value: code, lang: code, translate: "no" }, name)),
  );
  select.value = language();
  select.addEventListener("change", () => {
    const lang = select.value as Lang;
    void savePreferences({ language: lang })
      .catch(() => undefined)
      .finally(() => chooseLanguage(lang));
  });
  return select;
}
