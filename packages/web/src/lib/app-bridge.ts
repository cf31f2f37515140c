/*
 * The router's navigate, for code outside React (the API client): the app registers it once it
 * has mounted; until then the address is set directly. (Messages: lib/feedback.ts.)
 */

type Navigate = (path: string, options?: { replace?: boolean }) => void;

let navigateFn: Navigate | null = null;

/** Called by the router shell with its navigate; returns the unregister function. */
export function registerNavigate(navigate: Navigate): () => void {
  navigateFn = navigate;
  return () => {
    if (navigateFn === navigate) navigateFn = null;
  };
}

/** Navigates inside the hash router (by the address when the router is not mounted). */
export function appNavigate(path: string, options?: { replace?: boolean }): void {
  if (navigateFn) {
    navigateFn(path, options);
    return;
  }
  window.location.hash = path;
}
