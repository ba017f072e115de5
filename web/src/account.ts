// Accounts: sign up, log in and out (the session is an HttpOnly cookie the page never
// sees), and the account page: change the password, personal API tokens (each shown once),
// delete the account. Guests play as before: nothing here is needed to play.
//   #signup   #login   #account
import { request } from "./api.js";
import { confirmDialog, h, toast } from "./dom.js";
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
  session: () => request<{ account: Account | null }>("GET", "/api/session"),
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
  known ??= accountApi.session().then((s) => s.account);
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
    const out = h("button", { type: "button", id: "logout", class: "link" }, "Log out");
    out.addEventListener("click", () => {
      void accountApi
        .logOut()
        .then(() => {
          forget();
          if (location.hash === "#account") location.hash = "";
        })
        .catch((e: Error) => toast(e.message));
    });
    nav.replaceChildren(h("a", { href: "#account", id: "account-link" }, account.username), out);
  } else {
    nav.replaceChildren(h("a", { href: "#login", id: "login-link" }, "Log in"), h("a", { href: "#signup", id: "signup-link" }, "Sign up"));
  }
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
      .catch((err: Error) => {
        error.textContent = err.message;
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
  const f = form("login", "Log in", [field("Username", name), field("Password", password)], "Log in", async () => {
    await accountApi.logIn(name.value, password.value);
    forget();
    goAfterLogIn("");
  });
  return screen(f, h("p", { class: "hint" }, "No account? ", h("a", { href: "#signup" }, "Sign up"), ". Guests can play the engine and invite a friend without one."));
}

function signUpScreen(): Screen {
  const name = input("signup-username", "text", "username", { minlength: 2, maxlength: 20, pattern: "[A-Za-z0-9_\\-]{2,20}" });
  const password = input("signup-password", "password", "new-password", { minlength: 8 });
  const again = input("signup-password2", "password", "new-password", { minlength: 8 });
  const f = form(
    "signup",
    "Sign up",
    [
      field("Username", name),
      h("p", { class: "hint" }, "2 to 20 letters, digits, '_' or '-'. Names are unique whatever their case."),
      field("Password", password),
      field("Again", again),
      h("p", { class: "hint" }, "At least 8 characters."),
    ],
    "Create the account",
    async () => {
      if (password.value !== again.value) throw new Error("the two passwords differ");
      await accountApi.signUp(name.value, password.value);
      await accountApi.logIn(name.value, password.value);
      forget();
      goAfterLogIn("#account");
    },
  );
  return screen(f, h("p", { class: "hint" }, "Have an account? ", h("a", { href: "#login" }, "Log in"), "."));
}

function date(ms: number): string {
  return new Date(ms).toLocaleString();
}

function tokensPanel(): HTMLElement {
  const list = h("ul", { id: "token-list", class: "token-list" });
  const shown = h("div", { id: "new-token", class: "notice", hidden: true });
  const load = async () => {
    const tokens = await accountApi.tokens();
    list.replaceChildren(
      ...(tokens.length === 0
        ? [h("li", { class: "hint" }, "No token yet.")]
        : tokens.map((t) => {
            const revoke = h("button", { type: "button", class: "small danger", "data-revoke": t.id }, "Revoke");
            revoke.addEventListener("click", () => {
              void confirmDialog(`Revoke the token koma_${t.id}…? Programs using it stop working.`, "Revoke").then(async (yes) => {
                if (!yes) return;
                try {
                  await accountApi.revokeToken(t.id);
                  shown.hidden = true;
                  await load();
                } catch (e) {
                  toast((e as Error).message);
                }
              });
            });
            const used = t.used_ms ? `last used ${date(t.used_ms)}` : "never used";
            return h("li", { "data-token": t.id }, h("code", {}, `koma_${t.id}…`), ` ${t.description || "(no description)"} · created ${date(t.created_ms)} · ${used} `, revoke);
          })),
    );
  };
  const description = h("input", { id: "token-description", name: "token-description", type: "text", maxlength: 200, placeholder: "what it is for (e.g. my bot)" });
  const create = form("token-form", "API tokens", [
    h("p", { class: "hint" }, "A token lets a program act as you through the API (sent as 'Authorization: Bearer <token>'), as lishogi's personal tokens do."),
    list,
    shown,
    h("label", { class: "field" }, h("span", {}, "New token"), description),
  ], "Create a token", async () => {
    const made = await accountApi.createToken(description.value);
    description.value = "";
    shown.replaceChildren(h("p", {}, "Your new token, shown this once: copy it now."), h("code", { id: "token-secret" }, made.token));
    shown.hidden = false;
    await load();
  });
  void load().catch((e: Error) => toast(e.message));
  return create;
}

function accountPanels(account: Account): HTMLElement[] {
  const summary = h(
    "div",
    { class: "panel" },
    h("h2", { id: "account-name" }, account.username),
    h("p", { class: "hint" }, `Member since ${date(account.createdAt)}.`),
  );
  const old = input("old-password", "password", "current-password");
  const fresh = input("new-password", "password", "new-password", { minlength: 8 });
  const password = form("password-form", "Change the password", [field("Current", old), field("New", fresh), h("p", { class: "hint" }, "Other browsers logged in to this account are logged out.")], "Change", async () => {
    await accountApi.changePassword(old.value, fresh.value);
    old.value = "";
    fresh.value = "";
    toast("The password is changed.", "info");
  });
  const confirmation = input("delete-password", "password", "current-password");
  const remove = form(
    "delete-form",
    "Delete the account",
    [h("p", { class: "hint" }, "You are logged out everywhere and your tokens stop working. Your games stay, shown with a deleted player; the name stays taken."), field("Password", confirmation)],
    "Delete my account",
    async () => {
      if (!(await confirmDialog(`Delete the account ${account.username} for good?`, "Delete"))) return;
      await accountApi.deleteAccount(confirmation.value);
      forget();
      location.hash = "";
      toast("The account is deleted.", "info");
    },
    true,
  );
  return [summary, password, tokensPanel(), remove];
}

function accountScreen(): Screen {
  const el = h("div", { class: "account" }, h("p", { class: "hint" }, "Loading…"));
  void currentAccount()
    .then((account) => {
      if (account) el.replaceChildren(...accountPanels(account));
      else location.hash = "#login";
    })
    .catch((e: Error) => el.replaceChildren(h("p", { class: "form-error" }, e.message)));
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
