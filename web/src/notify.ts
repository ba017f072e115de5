// Telling a player that the opponent moved while the page is hidden: the tab's title
// ("● Your move"). The move's sound comes from sound.ts, as every move's does.
import { t } from "./i18n.js";

let plainTitle: string | null = null;

document.addEventListener("visibilitychange", () => {
  if (!document.hidden && plainTitle !== null) {
    document.title = plainTitle;
    plainTitle = null;
  }
});

/** The opponent just moved: the title notice if the page is not in view. */
export function opponentMoved(): void {
  if (document.hidden) {
    plainTitle ??= document.title;
    document.title = t("game-title-your-move", { title: plainTitle });
  }
}
