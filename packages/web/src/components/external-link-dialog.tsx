import { lazy, Suspense, useState } from 'react';
import type { ExternalLinkDialogProps } from './external-link-modal';

const ExternalLinkModal = lazy(() => import('./external-link-modal'));

/**
 * The 温馨提示 warning before the visitor leaves the site (external-link-modal.tsx). Its modal
 * (antd Modal, Typography) is loaded the first time the dialog opens, not with every page that
 * has an external link; once loaded it stays mounted so it can animate closed.
 */
export function ExternalLinkDialog(props: ExternalLinkDialogProps) {
  const [opened, setOpened] = useState(false);
  // Derived state: remember that the dialog has been asked for (React re-renders at once).
  if (props.url !== null && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ExternalLinkModal {...props} />
    </Suspense>
  );
}
