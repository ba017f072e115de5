// Accounts: sign up, log in and out (the session is an HttpOnly cookie the page never
// sees), and the account page: change the password, personal API tokens (each shown once),
// delete the account. Guests play as before: nothing here is needed to play.
//   #signup   #login   #account
import { errorText, request } from "./api.js";
import { confirmDialog, h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { languagePicker } from "./language.js";
import { adoptPreferences, type Preferences } from "./preferences.js";
import type { Screen } from "./screen.js";

/** An account as the API shows it (lishogi's fields). */
export interface Account {
  id: string;
  username: string;
  createdAt: number;
  seenAt?: number;
}

interface TokenInfo {
  id: string;
  description: string;
  created_ms: number;
  used_ms: number | null;
}

const accountApi = {
  signUp: (username: string, password: string) => request<Account>("POST", "/api/accounts", { username, password }),
  logIn: (username: string, password: string) => request<Account>("POST", "/api/login", { username, password }),
  logOut: () => request<{ ok: boolean }>("POST", "/api/logout"),
  session: () => request<{ account: Account | null; preferences?: Preferences }>("GET", "/api/session"),
  changePassword: (old_password: string, new_password: string) =>
    request<{ ok: boolean }>("POST", "/api/account/password", { old_password, new_password }),
  deleteAccount: (password: string) => request<{ ok: boolean }>("POST", "/api/account/delete", { password }),
  tokens: () => request<TokenInfo[]>("GET", "/api/account/tokens"),
  createToken: (description: string) => request<{ token: string; id: string }>("POST", "/api/account/tokens", { description }),
  revokeToken: (id: string) => request<{ ok: boolean }>("DELETE", `/api/account/tokens/${encodeURIComponent(id)}`),
};

/** The logged-in account, or null for a guest (asked once per page load and after changes). */
let known: Promise<Account | null> | null = null;

export function currentAccount(): Promise<Account | null> {
  known ??= accountApi.session().then((s) => {
    adoptPreferences(s.account !== null, s.preferences);
    return s.account;
  });
  return known;
}

/** Where the page goes after the next login or sign-up (kept for this tab only). */
const AFTER_LOG_IN = "koma.after-login";

/**
 * After the next login or sign-up, go to `hash` (an invitation that needs an account), or to
 * a page of its own path (`/tournaments/ID`).
 */
export function afterLogIn(hash: string): void {
  sessionStorage.setItem(AFTER_LOG_IN, hash);
}

/** Goes where `afterLogIn` said, else to the hash `fallback`. */
function goAfterLogIn(fallback: string): void {
  const next = takeAfterLogIn(fallback);
  if (next.startsWith("/")) location.assign(next);
  else location.hash = next;
}

/** The address to go to once logged in, said once. */
function takeAfterLogIn(fallback: string): string {
  const hash = sessionStorage.getItem(AFTER_LOG_IN);
  sessionStorage.removeItem(AFTER_LOG_IN);
  return hash ?? fallback;
}

function forget(): void {
  known = null;
  void refreshAccountNav();
}

const accountListeners: ((account: Account | null) => void)[] = [];

/** Calls `listener` with the account (null: a guest) whenever the top bar learns it: at load,
 *  and after a login, a sign-up or a logout. */
export function onAccount(listener: (account: Account | null) => void): void {
  accountListeners.push(listener);
}

/** Fills the top bar's `#account-nav`: "Log in · Sign up", or the name and "Log out". */
export async function refreshAccountNav(): Promise<void> {
  const nav = document.getElementById("account-nav");
  if (!nav) return;
  let account: Account | null = null;
  try {
    account = await currentAccount();
  } catch {
    // The server is unreachable: say nothing about the account.
  }
  for (const listener of accountListeners) listener(account);
  if (account) {
    const out = h("button", { type: "button", id: "logout", class: "link" }, t("account-log-out"));
    out.addEventListener("click", () => {
      void accountApi
        .logOut()
        .then(() => {
          forget();
          if (location.hash === "#account") location.hash = "";
        })
        .catch((e: unknown) => toast(errorText(e)));
    });
    nav.replaceChildren(h("a", { href: "#account", id: "account-link", translate: "no" }, account.username), out, languagePicker());
  } else {
    nav.replaceChildren(
      h("a", { href: "#login", id: "login-link" }, t("account-log-in")),
      h("a", { href: "#signup", id: "signup-link" }, t("account-sign-up")),
      languagePicker(),
    );
  }
}

/**
 * A word of the top bar, which may be drawn before the catalog has come: the catalog's, or
 * nothing until then; its element names the message (`data-l10n`), and the catalog fills it.
 */

/**
 * The message `id`, a sentence with a link in it: its `$link` is where `link` (an element with
 * its own words) stands. The sentence stays one message; the link is put in its place.
 */
function sentenceWithLink(id: string, link: HTMLElement): (string | Node)[] {
  const mark = "\u{E000}";
  const [before = "", after = ""] = t(id, { link: mark }).split(mark);
  return [before, link, after];
}

function field(label: string, input: HTMLInputElement): HTMLElement {
  return h("label", { class: "field" }, h("span", {}, label), input);
}

function input(id: string, type: string, autocomplete: string, extra: Record<string, string | number> = {}): HTMLInputElement {
  return h("input", { id, name: id, type, autocomplete, required: true, ...extra });
}

/** A form whose submit runs `action`, its button disabled meanwhile and errors shown in it. */
function form(id: string, title: string, fields: HTMLElement[], submit: string, action: () => Promise<void>, danger = false): HTMLFormElement {
  const error = h("p", { class: "form-error", role: "alert", hidden: true });
  const button = h("button", { type: "submit", id: `${id}-submit`, class: danger ? "danger" : "primary" }, submit);
  const el = h("form", { id, class: "panel account-form" }, h("h2", {}, title), ...fields, error, h("div", { class: "buttons" }, button));
  el.addEventListener("submit", (e) => {
    e.preventDefault();
    error.hidden = true;
    button.disabled = true;
    action()
      .catch((err: unknown) => {
        error.textContent = errorText(err);
        error.hidden = false;
      })
      .finally(() => {
        button.disabled = false;
      });
  });
  return el;
}

function screen(...children: HTMLElement[]): Screen {
  return { el: h("div", { class: "account" }, ...children), destroy: () => undefined };
}

function logInScreen(): Screen {
  const name = input("login-username", "text", "username");
  const password = input("login-password", "password", "current-password");
  const f = form("login", t("account-login-title"), [field(t("account-username"), name), field(t("account-password"), password)], t("account-login-submit"), async () => {
    await accountApi.logIn(name.value, password.value);
    forget();
    goAfterLogIn("");
  });
  return screen(f, h("p", { class: "hint" }, ...sentenceWithLink("account-login-hint", h("a", { href: "#signup" }, t("account-sign-up")))));
}

function signUpScreen(): Screen {
  const name = input("signup-username", "text", "username", { minlength: 2, maxlength: 20, pattern: "[A-Za-z0-9_\\-]{2,20}" });
  const password = input("signup-password", "password", "new-password", { minlength: 8 });
  const again = input("signup-password2", "password", "new-password", { minlength: 8 });
  const f = form(
    "signup",
    t("account-signup-title"),
    [
      field(t("account-username"), name),
      h("p", { class: "hint" }, t("account-username-hint")),
      field(t("account-password"), password),
      field(t("account-again"), again),
      h("p", { class: "hint" }, t("account-password-length")),
    ],
    t("account-signup-submit"),
    async () => {
      if (password.value !== again.value) throw new Error(t("account-passwords-differ"));
      await accountApi.signUp(name.value, password.value);
      await accountApi.logIn(name.value, password.value);
      forget();
      goAfterLogIn("#account");
    },
  );
  return screen(f, h("p", { class: "hint" }, ...sentenceWithLink("account-signup-hint", h("a", { href: "#login" }, t("account-log-in")))));
}

function tokensPanel(): HTMLElement {
  const list = h("ul", { id: "token-list", class: "token-list" });
  const shown = h("div", { id: "new-token", class: "notice", hidden: true });
  const load = async () => {
    const tokens = await accountApi.tokens();
    list.replaceChildren(
      ...(tokens.length === 0
        ? [h("li", { class: "hint" }, t("account-no-tokens"))]
        : tokens.map((token) => {
            const revoke = h("button", { type: "button", class: "small danger", "data-revoke": token.id }, t("account-revoke"));
            revoke.addEventListener("click", () => {
              void confirmDialog(t("account-revoke-confirm", { token: `koma_${token.id}…` }), t("account-revoke")).then(async (yes) => {
                if (!yes) return;
                try {
                  await accountApi.revokeToken(token.id);
                  shown.hidden = true;
                  await load();
                } catch (e) {
                  toast(errorText(e));
                }
              });
            });
            return h(
              "li",
              { "data-token": token.id },
              h("code", { translate: "no" }, `koma_${token.id}…`),
              " ",
              token.description ? h("span", { translate: "no" }, token.description) : t("account-token-no-description"),
              " · ",
              t("account-token-created", { date: new Date(token.created_ms) }),
              " · ",
              token.used_ms ? t("account-token-used", { date: new Date(token.used_ms) }) : t("account-token-never-used"),
              " ",
              revoke,
            );
          })),
    );
  };
  const description = h("input", { id: "token-description", name: "token-description", type: "text", maxlength: 200, placeholder: t("account-token-placeholder") });
  const create = form("token-form", t("account-tokens"), [
    h("p", { class: "hint" }, t("account-tokens-hint")),
    list,
    shown,
    h("label", { class: "field" }, h("span", {}, t("account-new-token")), description),
  ], t("account-create-token"), async () => {
    const made = await accountApi.createToken(description.value);
    description.value = "";
    shown.replaceChildren(h("p", {}, t("account-token-shown")), h("code", { id: "token-secret", translate: "no" }, made.token));
    shown.hidden = false;
    await load();
  });
  void load().catch((e: unknown) => toast(errorText(e)));
  return create;
}

function accountPanels(account: Account): HTMLElement[] {
  const summary = h(
    "div",
    { class: "panel" },
    h("h2", { id: "account-name", translate: "no" }, account.username),
    h("p", { class: "hint" }, t("account-member-since", { date: new Date(account.createdAt) })),
  );
  const old = input("old-password", "password", "current-password");
  const fresh = input("new-password", "password", "new-password", { minlength: 8 });
  const password = form(
    "password-form",
    t("account-password-title"),
    [field(t("account-password-current"), old), field(t("account-password-new"), fresh), h("p", { class: "hint" }, t("account-password-hint"))],
    t("account-password-submit"),
    async () => {
      await accountApi.changePassword(old.value, fresh.value);
      old.value = "";
      fresh.value = "";
      toast(t("account-password-changed"), "info");
    },
  );
  const confirmation = input("delete-password", "password", "current-password");
  const remove = form(
    "delete-form",
    t("account-delete-title"),
    [h("p", { class: "hint" }, t("account-delete-hint")), field(t("account-password"), confirmation)],
    t("account-delete-submit"),
    async () => {
      if (!(await confirmDialog(t("account-delete-confirm", { name: account.username }), t("account-delete-yes")))) return;
      await accountApi.deleteAccount(confirmation.value);
      forget();
      location.hash = "";
      toast(t("account-deleted"), "info");
    },
    true,
  );
  return [summary, password, tokensPanel(), remove];
}

function accountScreen(): Screen {
  const el = h("div", { class: "account" }, h("p", { class: "hint" }, t("account-loading")));
  void currentAccount()
    .then((account) => {
      if (account) el.replaceChildren(...accountPanels(account));
      else location.hash = "#login";
    })
    .catch((e: unknown) => el.replaceChildren(h("p", { class: "form-error" }, errorText(e))));
  return { el, destroy: () => undefined };
}

/** The screen of an account route (`#signup`, `#login`, `#account`), or null for another route. */
export function accountRoute(hash: string): Screen | null {
  switch (hash) {
    case "signup":
      return signUpScreen();
    case "login":
      return logInScreen();
    case "account":
      return accountScreen();
    default:
      return null;
  }
}
