import { Button, Spin, Typography } from 'antd';
import { CheckCircleFilled, ReloadOutlined } from '@ant-design/icons';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { errorMessage, isPermanentError } from '@/lib/api-client';
import { formatServerTime } from '@/lib/format';
import { useLoginSession } from '@/lib/login-session';
import { paths, withQuery } from '@/lib/paths';
import { useLoginTicket } from '../api/create-login-ticket';
import { useLoginTicketStatus } from '../api/get-login-ticket-status';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { isMobileBrowser } from '@/lib/mobile-browser';
import { LoginFrame, useLoginReason } from './login-frame';
import styles from './account.module.css';

// Each visit of the page gets tickets of its own, never one cached from an earlier visit.
let visits = 0;

/** The address the phone opens: this app's confirmation page for the ticket. */
function confirmationUrl(ticket: string): string {
  const { origin, pathname } = window.location;
  return `${origin}${pathname}#${withQuery(paths.scanConfirm, { ticket })}`;
}

/**
 * QR-code login (spec §2.1 grzx/scancode). The QR code holds the address of the phone's
 * confirmation page for a login ticket; this page polls the ticket (about every 1.5 s) and logs
 * in once the phone confirms, then returns to the page that asked for login. An expired or
 * used code offers a new one. A phone cannot scan its own screen: sent here by a page that needs a
 * login, it goes on to the account login (with the same state); opened otherwise, it says so.
 */
export default function ScanLoginPage() {
  const [visit] = useState(() => ++visits);
  const [attempt, setAttempt] = useState(0);
  const location = useLocation();
  const [phone] = useState(isMobileBrowser);
  // Someone already logged in sees that instead of a QR code: no ticket is made.
  const loggedIn = useLoginSession() !== null;
  const reason = useLoginReason();
  const toAccountLogin = phone && reason !== null && !loggedIn;
  const ticket = useLoginTicket(visit, loggedIn || toAccountLogin ? null : attempt);
  const status = useLoginTicketStatus(ticket.data);
  const complete = useCompleteLogin();
  const completed = useRef(false);

  const login = status.data?.Login;
  useEffect(() => {
    if (!login || completed.current) return;
    completed.current = true;
    complete(login);
  }, [login, complete]);

  const state = status.data?.Status ?? ticket.data?.Status;
  // A ticket the service no longer knows (a refused poll) is as good as expired.
  const stale = state === 'expired' || state === 'used' || isPermanentError(status.error);
  const refresh = () => setAttempt((n) => n + 1);
  const url = ticket.data ? confirmationUrl(ticket.data.Ticket) : '';

  let overlay: ReactNode = null;
  if (ticket.error) {
    overlay = (
      <div className={styles.qrOverlay} role="alert">
        <p>{errorMessage(ticket.error)}</p>
        <Button type="primary" icon={<ReloadOutlined aria-hidden />} onClick={refresh}>
          重新获取二维码
        </Button>
      </div>
    );
  } else if (stale) {
    overlay = (
      <div className={styles.qrOverlay} role="alert">
        <p>二维码已失效</p>
        <Button type="primary" icon={<ReloadOutlined aria-hidden />} onClick={refresh}>
          刷新二维码
        </Button>
      </div>
    );
  } else if (state === 'scanned' || state === 'confirmed') {
    overlay = (
      <div className={styles.qrOverlay} role="status">
        <CheckCircleFilled className={styles.qrScanned} aria-hidden />
        <p>{state === 'confirmed' ? '已确认，正在登录…' : '扫码成功，请在手机上确认登录'}</p>
      </div>
    );
  }

  if (toAccountLogin) return <Navigate to={paths.passwordLogin} replace state={location.state as unknown} />;

  return (
    <LoginFrame active="scan">
      {phone ? (
        <p className={styles.scanPhoneNote}>
          手机无法扫描本机屏幕上的二维码，请在手机上使用<Link to={paths.passwordLogin}>账号登录</Link>。
        </p>
      ) : null}
      <div className={styles.scan}>
        <div className={styles.qrBox} aria-busy={!ticket.data && !ticket.error}>
          {ticket.data ? (
            <QRCodeSVG value={url} size={200} level="M" marginSize={2} title="扫码登录二维码" />
          ) : (
            <Spin description="正在生成二维码…" />
          )}
          {overlay}
        </div>
        <p className={styles.scanHint}>请使用手机浏览器或微信“扫一扫”扫描二维码，在手机上确认后完成登录。</p>
        {ticket.data && !stale ? (
          <>
            <p className={styles.scanExpiry} aria-live="polite">
              二维码将于 {formatServerTime(ticket.data.ExpiresAt, 'clock')} 失效
            </p>
            <details className={styles.scanLink}>
              <summary>手机无法扫码？</summary>
              <p>在手机浏览器中打开下面的地址，同样可以确认登录：</p>
              <Typography.Paragraph copyable={{ text: url }} className={styles.scanUrl}>
                <a href={url} data-testid="scan-confirm-url">
                  {url}
                </a>
              </Typography.Paragraph>
            </details>
          </>
        ) : null}
      </div>
    </LoginFrame>
  );
}
