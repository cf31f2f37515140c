/**
 * Full-page hand-offs that leave the SPA (spec §7 "Navigation to external pages"): the
 * face-verification page and the personal report file. One place, so tests can watch them.
 * `replace`: the page that hands off leaves the history (the login's step to the face
 * verification: Back after the login returns to the page before it, not to a spent link).
 */
export function leaveApp(url: string, how: 'push' | 'replace' = 'push'): void {
  if (how === 'replace') window.location.replace(url);
  else window.location.assign(url);
}
