import { Alert, Button, Form, Input, Result } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { ACCOUNT_MESSAGES, type Profile } from '@credit-portal/shared';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { QueryState } from '@/components/query-state';
import { RequireLogin } from '@/components/require-login';
import type { LoginSession } from '@/lib/login-session';
import { errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { paths } from '@/lib/paths';
import { unbindWechat } from '../api/bind-account';
import { useProfile } from '../api/get-profile';
import { WechatAuthorizeButton } from './wechat-authorize-button';
import styles from './account.module.css';

/**
 * 解除绑定: the account's password again (a login left open is not enough); the identity's own
 * logins end at the service.
 */
function Unbind({ onUnbound }: { onUnbound: (profile: Profile) => Promise<unknown> }) {
  const { message } = useFeedback();
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const submit = async ({ password }: { password: string }) => {
    setFailure('');
    setBusy(true);
    try {
      await onUnbound(await unbindWechat({ Password: password }));
      void message.success(ACCOUNT_MESSAGES.wechatUnbound);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.unbind} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.unbindTitle}>
        解除绑定
      </h2>
      <p className={styles.lead}>
        解除后，该微信不能再登录本账号，已用它登录的设备都将退出。请输入本账号的登录密码确认。
      </p>
      <Form<{ password: string }> layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
        <Form.Item
          label="登录密码"
          name="password"
          rules={[{ required: true, message: ACCOUNT_MESSAGES.passwordRequired }]}
        >
          <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" maxLength={64} />
        </Form.Item>
        {failure ? <Alert type="error" showIcon title={failure} role="alert" style={{ marginBottom: 16 }} /> : null}
        <Button danger htmlType="submit" loading={busy}>
          解除绑定
        </Button>
      </Form>
    </section>
  );
}

function BindWechat({ session }: { session: LoginSession }) {
  const navigate = useNavigate();
  const query = useProfile(session.token);
  if (session.kind === 'Wechat') {
    return (
      <div className={styles.panel}>
        <h1 className={styles.heading}>绑定微信</h1>
        <Result
          status="info"
          title="您正在使用微信登录"
          subTitle="如需将当前微信身份绑定到手机号码账号，请使用“绑定手机账号”。"
          extra={
            <Button type="primary" onClick={() => void navigate(paths.bindMobile)}>
              去绑定手机账号
            </Button>
          }
        />
      </div>
    );
  }
  return (
    <div className={styles.panel}>
      <h1 className={styles.heading}>绑定微信</h1>
      <QueryState query={query} size="page">
        {(profile) =>
          profile.Nickname ? (
            <>
              <Result status="success" title="已绑定微信" subTitle={`当前账号已绑定微信“${profile.Nickname}”`} />
              <Unbind onUnbound={(next) => query.mutate(next, { revalidate: false })} />
            </>
          ) : (
            <>
              <p className={styles.lead}>
                将微信绑定到手机号码 {profile.Mobile}
                ，绑定后可使用该微信登录本账号。点击下方按钮，在微信授权页面确认后返回本页完成绑定。
              </p>
              <p className={styles.lead}>
                绑定即表示您同意按<Link to={paths.privacy}>《个人信息处理规则》</Link>
                处理您的微信身份标识和昵称；解除绑定即撤回该同意。
              </p>
              <div className={styles.bindAction}>
                <WechatAuthorizeButton purpose="bind" returnTo={paths.bindWechat}>
                  授权绑定
                </WechatAuthorizeButton>
              </div>
            </>
          )
        }
      </QueryState>
    </div>
  );
}

/**
 * Bind a chat-app identity to the logged-in mobile account (spec §2.1 grzx/bdwx): through the
 * chat app's own authorization (an OAuth code, finished on the callback route).
 */
export default function BindWechatPage() {
  return <RequireLogin>{(session) => <BindWechat session={session} />}</RequireLogin>;
}
