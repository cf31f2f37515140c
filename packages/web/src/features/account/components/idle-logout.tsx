import { ERROR_CODES, STORAGE_KEYS } from '@credit-portal/shared';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { currentLogin, endLoggingOut, lastSessionContact, markLoggedOut, useLoginSession } from '@/lib/login-session';
import { paths } from '@/lib/paths';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { useFeedback } from '@/lib/feedback';
import { keepSessionAlive } from '../api/keep-session-alive';
import { idleDeadline, idleTiming } from '../idle-timing';
import { endSessionAtService } from '../logout';
import { leaveForOldSite } from '../old-site-navigation';

const IdleWarningModal = lazy(() => import('./idle-warning-modal'));

/** What counts as someone using the page. */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/** A keep-alive call that failed (offline) is not tried again sooner than this. */
const RETRY_MS = 10_000;

/**
 * The idle timeout of a portal login (shared computers and
 * kiosks). While someone is logged in, this watches for use of the page (pointer, keys, scroll,
 * the tab coming back into view) and keeps the session alive at the service with a throttled
 * keep-alive call; a minute before the login would end unused it warns, with a countdown and
 * 继续使用 / 立即退出; when the time runs out it logs out (at the service, then in every tab) and
 * returns to the home page. Every tab counts from the same last contact, so one tab in use keeps
 * the others' logins too. Mounted once, around every page.
 *
 * It also ends a logout's hold on the login guards (isLoggingOut) once the logout has landed on
 * the page it went to, so that a page needing the login asks for one again afterwards.
 */
export function IdleLogout() {
  const session = useLoginSession();
  const { key } = useLocation();
  useEffect(() => {
    if (!currentLogin()) endLoggingOut();
  }, [key]);
  // A new login (another token) starts the watch afresh.
  return session ? <IdleWatch key={session.token} /> : null;
}

function IdleWatch() {
  const { sessionIdleSeconds, oldSiteUrl } = useRuntimeConfig();
  const timing = useMemo(() => idleTiming(sessionIdleSeconds), [sessionIdleSeconds]);
  const navigate = useNavigate();
  const { modal } = useFeedback();
  /** The end shown by the warning; null while no warning is shown. */
  const [warningEnd, setWarningEnd] = useState<number | null>(null);
  const [extending, setExtending] = useState(false);
  const warning = useRef<number | null>(null);
  const ended = useRef(false);
  const reschedule = useRef<() => void>(() => undefined);

  const showWarning = useCallback((end: number | null) => {
    warning.current = end;
    setWarningEnd(end);
  }, []);

  const finish = useCallback(
    async (how: 'timeout' | 'chosen') => {
      if (ended.current) return;
      ended.current = true;
      showWarning(null);
      const url = await endSessionAtService(oldSiteUrl);
      // Leaving this page: it does not ask to log in meanwhile (isLoggingOut).
      markLoggedOut(true);
      if (how === 'chosen' && url) {
        // As the header's 退出: the old site's logout page, with the session's one-time code.
        leaveForOldSite(url);
        return;
      }
      // A timeout stays in the portal, back on the home page (a kiosk shows no one's page).
      void navigate(paths.home, { replace: true });
      if (how === 'timeout') {
        modal.info({
          title: '您已退出登录',
          content: '由于较长时间未操作，为保护您的账号安全，登录已自动退出。',
          okText: '知道了',
        });
      }
    },
    [oldSiteUrl, navigate, modal, showWarning],
  );

  /** Keeps the session alive; false when it could not (the service has ended it, or it cannot be reached). */
  const keepAlive = useCallback(async (): Promise<boolean> => {
    try {
      await keepSessionAlive();
      reschedule.current();
      return true;
    } catch (error) {
      // The service has ended the session (the API client has applied spec §7's rule): log out here too.
      if (error instanceof ApiError && error.code === ERROR_CODES.notLoggedIn) markLoggedOut();
      return false;
    }
  }, []);

  useEffect(() => {
    let timer: number | undefined;
    let lastAttempt = 0;
    let inFlight = false;
    const deadline = () => idleDeadline(lastSessionContact() ?? Date.now(), timing);

    const schedule = () => {
      window.clearTimeout(timer);
      if (ended.current) return;
      const now = Date.now();
      const end = deadline();
      if (now >= end) {
        void finish('timeout');
        return;
      }
      const warnAt = end - timing.warningMs;
      if (now >= warnAt) {
        if (warning.current !== end) showWarning(end);
        timer = window.setTimeout(schedule, end - now);
      } else {
        if (warning.current !== null) showWarning(null);
        timer = window.setTimeout(schedule, warnAt - now);
      }
    };
    reschedule.current = schedule;

    const ping = () => {
      const now = Date.now();
      if (inFlight || now - lastAttempt < RETRY_MS) return;
      inFlight = true;
      lastAttempt = now;
      void keepAlive().finally(() => {
        inFlight = false;
      });
    };

    const onActivity = () => {
      // While the warning shows, only its buttons count: a person walking past a kiosk does not.
      if (ended.current || warning.current !== null) return;
      const now = Date.now();
      if (now >= deadline()) {
        schedule();
        return;
      }
      const contact = lastSessionContact();
      if (contact === null || now - contact >= timing.keepAliveMs) ping();
    };
    const onVisibility = () => {
      if (document.visibilityState !== 'visible') return;
      schedule();
      onActivity();
    };
    // Another tab kept the login alive: count from its contact.
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.sessionContact) schedule();
    };

    const options = { capture: true, passive: true };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, options);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('storage', onStorage);
    // A login from before this browser kept the time: learn where it stands.
    if (lastSessionContact() === null) ping();
    schedule();
    return () => {
      window.clearTimeout(timer);
      reschedule.current = () => undefined;
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, options);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('storage', onStorage);
    };
  }, [timing, finish, showWarning, keepAlive]);

  const carryOn = async () => {
    setExtending(true);
    const kept = await keepAlive();
    setExtending(false);
    if (!kept && !ended.current) reschedule.current();
  };

  if (warningEnd === null) return null;
  return (
    <Suspense fallback={null}>
      <IdleWarningModal
        end={warningEnd}
        extending={extending}
        onContinue={() => void carryOn()}
        onLogout={() => void finish('chosen')}
      />
    </Suspense>
  );
}
