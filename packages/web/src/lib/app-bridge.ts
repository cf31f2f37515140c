import { message as staticMessage, type App } from 'antd';

type MessageInstance = ReturnType<typeof App.useApp>['message'];

/*
 * The few UI services that code outside React (the API client) needs: the antd message API
 * bound to the app's theme and locale, and the router's navigate. The app registers both once
 * it has mounted; until then the fallbacks below keep the rules working.
 */

type Navigate = (path: string, options?: { replace?: boolean }) => void;

let messageApi: MessageInstance | null = null;
let navigateFn: Navigate | null = null;

/** Called by the app provider with App.useApp().message; returns the unregister function. */
export function registerMessageApi(api: MessageInstance): () => void {
  messageApi = api;
  return () => {
    if (messageApi === api) messageApi = null;
  };
}

/** Called by the router shell with its navigate; returns the unregister function. */
export function registerNavigate(navigate: Navigate): () => void {
  navigateFn = navigate;
  return () => {
    if (navigateFn === navigate) navigateFn = null;
  };
}

/** The message API: the app's themed instance when mounted, antd's static one otherwise. */
export function appMessage(): MessageInstance {
  return messageApi ?? staticMessage;
}

/** Navigates inside the hash router (by the address when the router is not mounted). */
export function appNavigate(path: string, options?: { replace?: boolean }): void {
  if (navigateFn) {
    navigateFn(path, options);
    return;
  }
  window.location.hash = path;
}
