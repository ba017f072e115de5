// What main.ts mounts for a route.

export interface Screen {
  el: HTMLElement;
  destroy(): void;
}
