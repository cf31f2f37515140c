import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useLoginSession } from '@/lib/login-session';
import { paths } from '@/lib/paths';

// Loaded only once someone is logged in: an anonymous first page carries none of it.
const ConsentGateModal = lazy(() => import('./consent-gate-modal'));

/**
 * The pages a person who has not agreed to the rules in force may still use: the rules themselves,
 * 注销账号 (declining may mean leaving), and the steps of a login on its way (a phone confirming
 * a desktop's QR login, the chat app's callback): the login is asked once it has landed. The H5
 * app has its own login and its own notices.
 */
const OPEN_PAGES: ReadonlySet<string> = new Set([
  paths.privacy,
  paths.closeAccount,
  paths.scanConfirm,
  paths.wechatCallback,
]);

/**
 * Asks a logged-in person whose consent to the 个人信息处理规则 is not the version in force
 * (the rules changed, or the account predates the records) to agree before going on: on every
 * logged-in page until they do. Mounted once, around every page.
 */
export function ConsentGate() {
  const session = useLoginSession();
  const { pathname } = useLocation();
  if (!session || OPEN_PAGES.has(pathname) || pathname.startsWith('/h5/')) return null;
  return (
    <Suspense fallback={null}>
      <ConsentGateModal key={session.token} token={session.token} />
    </Suspense>
  );
}
