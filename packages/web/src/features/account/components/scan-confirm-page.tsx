import { Button, Result, Spin, Tabs } from 'antd';
import { DesktopOutlined } from '@ant-design/icons';
import type { LoginRequester, LoginResult } from '@credit-portal/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { formatServerTime } from '@/lib/format';
import { clearLogin, storeLogin, useLoginSession, type LoginSession } from '@/lib/login-session';
import { paths } from '@/lib/paths';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { useFeedback } from '@/lib/feedback';
import { confirmLoginTicket } from '../api/confirm-login-ticket';
import { logOutAtService } from '../api/log-out';
import { useScanLoginTicket } from '../api/scan-login-ticket';
import { PasswordLoginForm } from './password-login-form';
import { FormCard } from './form-card';
import { WechatAuthorizeButton } from './wechat-authorize-button';
import styles from './account.module.css';

/**
 * Logging in on the phone: a mobile account, or the chat app's own authorization (OAuth code),
 * which comes back to this page with the ticket.
 */
function PhoneLogin({ ticket }: { ticket: string }) {
  const { wechatAuthorizeUrl } = useRuntimeConfig();
  const done = (result: LoginResult) => storeLogin(result);
  return (
    <>
      <p className={styles.phoneLead}>请先在手机上登录，再确认电脑端登录。</p>
      <Tabs
        items={[
          {
            key: 'mobile',
            label: '手机号码登录',
            children: <PasswordLoginForm onLoggedIn={done} />,
          },
          {
            key: 'wechat',
            label: wechatAuthorizeUrl ? '微信登录' : '微信登录暂未开通',
            disabled: !wechatAuthorizeUrl,
            children: (
              <>
                <p className={styles.phoneLead}>将打开微信授权页面，确认授权后返回本页，继续确认电脑端登录。</p>
                <WechatAuthorizeButton
                  purpose="login"
                  returnTo={`${paths.scanConfirm}?ticket=${encodeURIComponent(ticket)}`}
                >
                  微信授权登录
                </WechatAuthorizeButton>
              </>
            ),
          },
        ]}
      />
    </>
  );
}

/**
 * Which browser asks to log in: a QR code someone else shows would
 * log that someone in as whoever confirms it, so the phone says whose request it confirms.
 */
function RequesterDetails({ requester }: { requester: LoginRequester }) {
  return (
    <>
      <dl className={styles.requester} aria-label="请求登录的电脑">
        <dt>请求登录的浏览器</dt>
        <dd>{requester.Browser || '未知浏览器'}</dd>
        <dt>IP 地址</dt>
        <dd>{requester.Ip || '未知'}</dd>
        <dt>请求时间</dt>
        <dd>{formatServerTime(requester.RequestedAt)}</dd>
      </dl>
      <p className={styles.requesterNote}>请确认这是您本人正在使用的电脑；如不是，请勿确认登录。</p>
    </>
  );
}

/** Confirming as the phone's logged-in user, after seeing who asks. */
function ConfirmAs({
  ticket,
  session,
  requester,
  onConfirmed,
}: {
  ticket: string;
  session: LoginSession;
  requester: LoginRequester | undefined;
  onConfirmed: () => void;
}) {
  const { siteName } = useRuntimeConfig();
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);
  // Switching accounts ends the phone's login at the service too (its session), not just here.
  const switchAccount = () => {
    void logOutAtService(session.token).catch(() => null);
    clearLogin();
  };
  const confirm = async () => {
    setBusy(true);
    try {
      await confirmLoginTicket(ticket, session.token);
      onConfirmed();
    } catch (error) {
      void message.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.confirm}>
      <DesktopOutlined className={styles.confirmIcon} aria-hidden />
      <p className={styles.confirmText}>
        电脑端正在请求登录{siteName}
        <br />
        登录账号：<strong>{session.displayName}</strong>
      </p>
      {requester ? <RequesterDetails requester={requester} /> : null}
      <Button type="primary" size="large" block loading={busy} onClick={() => void confirm()}>
        确认登录
      </Button>
      <Button size="large" block type="text" onClick={switchAccount}>
        切换账号
      </Button>
    </div>
  );
}

/**
 * The phone's page of a QR login (opened from the QR code on grzx/scancode, query ticket):
 * marks the ticket scanned, lets the phone's user log in (mobile account or chat-app authorization)
 * and confirm; the desktop then logs in by itself. Built for a phone's screen.
 */
export default function ScanConfirmPage() {
  const [params] = useSearchParams();
  const ticket = (params.get('ticket') ?? '').trim();
  const scan = useScanLoginTicket(ticket);
  const session = useLoginSession();
  const [confirmed, setConfirmed] = useState(false);

  let body;
  if (!ticket) {
    body = <Result status="warning" title="二维码链接不完整" subTitle="请在电脑上刷新二维码后重新扫码。" />;
  } else if (confirmed) {
    body = <Result status="success" title="已确认登录" subTitle="电脑端即将完成登录，请回到电脑上继续操作。" />;
  } else if (scan.error) {
    body = <Result status="warning" title="无法登录" subTitle={errorMessage(scan.error)} />;
  } else if (!scan.data) {
    body = (
      <div className={styles.centered}>
        <Spin description="正在读取二维码…" />
      </div>
    );
  } else if (!session) {
    body = <PhoneLogin ticket={ticket} />;
  } else {
    body = (
      <ConfirmAs
        ticket={ticket}
        session={session}
        requester={scan.data.Requester}
        onConfirmed={() => setConfirmed(true)}
      />
    );
  }
  return <FormCard title="扫码登录确认">{body}</FormCard>;
}
