/**
 * Full-page navigations to the old site (spec §7: NewLinkTo.aspx, NewLoginOut.aspx), which
 * leave the SPA. One place, so tests can watch them.
 */
export function leaveForOldSite(url: string): void {
  window.location.assign(url);
}
