/**
 * Full-page hand-offs that leave the SPA (spec §7 "Navigation to external pages"): the
 * face-verification page and the personal report page. One place, so tests can watch them.
 */
export function leaveApp(url: string): void {
  window.location.assign(url);
}
