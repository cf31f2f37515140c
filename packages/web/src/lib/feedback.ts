import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookApi } from 'antd/es/modal/useModal';
import { useSyncExternalStore } from 'react';

/*
 * The portal's short messages and confirmation dialogs (antd's message and Modal.confirm/info),
 * for components and for code outside React (the API client). antd's App component would bring
 * the whole of message, notification and Modal into every first page; here they are the app's
 * feedback host (app/feedback-host.tsx), a module loaded and mounted the first time anything is
 * said — inside the app's antd context (theme, zh_CN, 长者模式) as App's holders are. What is said
 * before it has mounted waits for it, in order.
 */

/** What the host hands over once mounted: antd's context-aware instances. */
export interface FeedbackApis {
  message: MessageInstance;
  modal: ModalHookApi;
}

type Say = (apis: FeedbackApis) => void;

let hosted: FeedbackApis | null = null;
let wanted = false;
const waiting: Say[] = [];
const listeners = new Set<() => void>();

function say(what: Say): void {
  if (hosted) {
    what(hosted);
    return;
  }
  waiting.push(what);
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** Messages and dialogs; the same object for the whole app (stable across renders). */
export const feedback = {
  message: {
    success: (...args: Parameters<MessageInstance['success']>) => say(({ message }) => void message.success(...args)),
    error: (...args: Parameters<MessageInstance['error']>) => say(({ message }) => void message.error(...args)),
    info: (...args: Parameters<MessageInstance['info']>) => say(({ message }) => void message.info(...args)),
    warning: (...args: Parameters<MessageInstance['warning']>) => say(({ message }) => void message.warning(...args)),
  },
  modal: {
    confirm: (config: Parameters<ModalHookApi['confirm']>[0]) => say(({ modal }) => void modal.confirm(config)),
    info: (config: Parameters<ModalHookApi['info']>[0]) => say(({ modal }) => void modal.info(config)),
  },
} as const;

export type Feedback = typeof feedback;

/** The messages and dialogs, for a component (what antd's App.useApp() gave). */
export function useFeedback(): Feedback {
  return feedback;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** For the app's provider: true once something is to be said, when the host must be mounted. */
export function useFeedbackWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
}

/** Called by the mounted host with its instances: says what waited; returns the unregister function. */
export function hostFeedback(apis: FeedbackApis): () => void {
  hosted = apis;
  for (const what of waiting.splice(0)) what(apis);
  return () => {
    if (hosted === apis) hosted = null;
  };
}
