// The variants and their pieces as the server's rules describe them (GET /api/variants),
// loaded once before the page starts: every fact about a piece or a variant that the page
// uses (board size, hand order, names, kanji, moves, promotion) comes from here.
import { request } from "./api.js";
import { hasMessage, t } from "./i18n.js";

/** A variant's key, as the API names it (`shogi`, `minishogi`). */
export type Variant = string;

/** One piece of a variant, as `GET /api/variants` describes it. */
export interface PieceInfo {
  role: string;
  /** SFEN letters as sente's piece is written (`P`, `+P`). */
  sfen: string;
  glyph: string;
  kanji: string;
  kanji_aliases: string[];
  /** The two characters carved on a real piece: sente's, then gote's where they differ; empty for a piece of one. */
  carved: string[];
  /** Its letters in Western move text (`P`, `+R`, `Fa`). */
  western: string;
  names: { ja: string; en: string; de: string };
  /** `[df, dr, range]` as sente sees the board: df > 0 towards file 9, dr < 0 forward. */
  legs: [number, number, number][];
  promotes_to: string | null;
  /** The SFEN letter it is held as in hand, or null (never held). */
  hand: string | null;
  /** Whether this is the face a piece is held by (not promoted, not turned over). */
  front: boolean;
  value: number;
  /** How it is drawn: a wedge with its glyph, a wedge with its kanji's first character as a
   *  small mark over the second (Tori's quails), or a square tile with its whole name
   *  (Dōbutsu's animals). */
  look: PieceLook;
}

/** How a piece is drawn, as the rules' piece table says. */
export type PieceLook = "wedge" | "marked_wedge" | "animal_tile";

/** One variant. */
export interface VariantInfo {
  key: Variant;
  name: string;
  files: number;
  ranks: number;
  promotion: "optional" | "forced" | "flip";
  zone: { sente: number[]; gote: number[] };
  royal_capture: boolean;
  try_rule: boolean;
  /** The letters of the pieces held in hand, in the order hands show them. */
  hand: string[];
  start_sfen: string;
  handicaps: { name: string; japanese: string }[];
  pieces: PieceInfo[];
  /** Whether the server holds games of it (the lobby and the game page offer it). */
  hosted: boolean;
  /** Whether the analysis board (#review) takes its positions: every game, Chu included. */
  analysed: boolean;
  /** Whether the review room takes its games (not Chu yet). */
  rooms: boolean;
  /** The record formats its games are written in (`kif`, `csa`, ...). */
  formats: string[];
  /** Whether a move may pass through a middle square (Chu's lion). */
  double_moves: boolean;
}

let loaded: VariantInfo[] = [];

/** Fetches the variants; the page calls this once before it draws anything. */
export async function loadVariants(): Promise<void> {
  loaded = (await request<{ variants: VariantInfo[] }>("GET", "/api/variants")).variants;
}

/** Every variant, in the server's order. */
export function variants(): VariantInfo[] {
  return loaded;
}

/** The variant `key`; an unknown key is an error, never silently shogi. */
export function variantInfo(key: Variant): VariantInfo {
  const info = loaded.find((v) => v.key === key);
  if (!info) throw new Error(`unknown variant '${key}'`);
  return info;
}

/**
 * The variant's name for people (`Minishogi (5五将棋)`): the catalog's `variant-KEY`, else the
 * server's English name (a variant the catalog does not know yet).
 */
export function variantName(key: Variant): string {
  if (hasMessage(`variant-${key}`)) return t(`variant-${key}`);
  return loaded.find((v) => v.key === key)?.name ?? key;
}

/** The variant's name for lists (`Minishogi`): the catalog's `variant-KEY-short`, else the
 *  server's name without the part in brackets. */
export function shortName(key: Variant): string {
  if (hasMessage(`variant-${key}-short`)) return t(`variant-${key}-short`);
  const info = loaded.find((v) => v.key === key);
  return info ? info.name.replace(/\s*\(.*\)$/, "") : key;
}

/** lishogi's variant keys that are not koma's (`GET /api/account/playing` speaks lishogi's). */
const LISHOGI_KEYS: Record<string, Variant> = { standard: "shogi", torishogi: "tori" };

/** koma's key of a variant that lishogi's API calls `key`. */
export function fromLishogiKey(key: string): Variant {
  return LISHOGI_KEYS[key] ?? key;
}

/** The piece written `letters` (`+P`) in `variant`, if it has one. */
export function pieceOf(variant: Variant, letters: string): PieceInfo | null {
  return variantInfo(variant).pieces.find((p) => p.sfen === letters) ?? null;
}

/** `<option>`s of every variant the server holds games of (`analysed`: that the analysis
 *  board also takes), for a `<select>`: its key as the value, its name and board as the
 *  text (the catalog's `variant-KEY-option`). */
export function variantOptions(analysed = false): [string, string][] {
  return loaded
    .filter((v) => v.hosted && (!analysed || v.analysed))
    .map((v) => {
      const size = { files: v.files, ranks: v.ranks };
      return [v.key, hasMessage(`variant-${v.key}-option`) ? t(`variant-${v.key}-option`, size) : t("variant-other-option", { name: v.name, ...size })];
    });
}

/** A choice of game for a record or a position: "detect" (the record tells, or shogi's
 *  start) first, then every game the analysis board takes; `chosen()` is the one picked,
 *  none for "detect". */
export function gameChoice(id: string): { select: HTMLSelectElement; chosen: () => Variant | undefined } {
  const select = document.createElement("select");
  select.id = id;
  select.setAttribute("aria-label", t("review-variant-label"));
  for (const [value, label] of [["auto", t("review-variant-detect")], ...variantOptions(true)]) select.add(new Option(label, value));
  return { select, chosen: () => (select.value === "auto" ? undefined : (select.value as Variant)) };
}

/** A named start position (a handicap) for people, its Japanese name with the English one
 *  (`香落ち Right lance`): the catalog's `variant-handicap-NAME`. */
export function handicapName(hc: { name: string; japanese: string }): string {
  if (hasMessage(`variant-handicap-${hc.name}`)) return t(`variant-handicap-${hc.name}`, { japanese: hc.japanese });
  // One the catalog does not know yet: its name in the API, as words.
  const english = hc.name.replace(/^tori-/, "").replace(/-/g, " ");
  return t("variant-handicap-other", { japanese: hc.japanese, name: `${english.charAt(0).toUpperCase()}${english.slice(1)}` });
}

/** `<option>`s of the variant's named start positions: the name `POST /api/games` takes, and
 *  the Japanese name with the English one (`香落ち Right lance`). */
export function handicapOptions(key: Variant): [string, string][] {
  return variantInfo(key).handicaps.map((hc) => [hc.name, handicapName(hc)]);
}
