// The account's preferences for the page (language, board, notation...), which follow a player
// to every device: written by `PATCH /api/account/preferences`, read back with `/api/session`.
import { request } from "./api.js";

/** An account's preferences as the server keeps them: small values by name. */
export type Preferences = Record<string, string | number | boolean>;

let loggedIn = false;
const adopters: ((prefs: Preferences) => void)[] = [];

/** Keeps `change` in the account's preferences when a player is logged in (else nothing). */
export async function savePreferences(change: Preferences): Promise<void> {
  if (!loggedIn) return;
  await request("PATCH", "/api/account/preferences", change);
}

/** Calls `adopt` with the preferences of every account the page learns. */
export function onAccountPreferences(adopt: (prefs: Preferences) => void): void {
  adopters.push(adopt);
}

/** Takes the preferences of the account the page just learned (`account` false: a guest). */
export function adoptPreferences(account: boolean, prefs: Preferences | undefined): void {
  loggedIn = account;
  if (account && prefs) for (const adopt of adopters) adopt(prefs);
}
