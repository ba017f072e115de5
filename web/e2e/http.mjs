// The API as the e2e scripts call it: one request helper, and one that insists on a status.

import { BASE } from "./harness.mjs";

/** How long one request may take. */
export const REQUEST_WAIT = 20_000;

/** Stops the script with `message`. */
export function fail(message) {
  throw new Error(message);
}

/** A request; `form` is sent as application/x-www-form-urlencoded, `json` as JSON; `token` as
 * Bearer, `basic` ([user, password]) as HTTP Basic. Answers the status, the parsed JSON body
 * (null if none) and the text. */
export async function call(method, path, { token, basic, form, json } = {}) {
  const headers = { accept: "application/json" };
  let body;
  if (token) headers.authorization = `Bearer ${token}`;
  if (basic) headers.authorization = `Basic ${Buffer.from(`${basic[0]}:${basic[1]}`).toString("base64")}`;
  if (form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(form).toString();
  }
  if (json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(json);
  }
  const response = await fetch(`${BASE}${path}`, { method, headers, body, signal: AbortSignal.timeout(REQUEST_WAIT) });
  const text = await response.text();
  let parsed = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: response.status, body: parsed, text };
}

/** Like `call`, but fails unless the status is one of `ok`. */
export async function expect(ok, method, path, options) {
  const answer = await call(method, path, options);
  if (!ok.includes(answer.status)) fail(`${method} ${path}: expected ${ok.join(" or ")}, got ${answer.status}: ${answer.text}`);
  return answer.body;
}
