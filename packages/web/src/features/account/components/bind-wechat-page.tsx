import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { QueryState } from '@/components/query-state';
import { RequireLogin } from '@/components/require-login';
import type { LoginSession } from '@/lib/login-session';
import { paths } from '@/lib/paths';
import { useProfile } from '../api/get-profile';
import { WechatAuthorizeButton } from './wechat-authorize-button';
import styles from './account.module.css';

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
            <Result status="success" title="已绑定微信" subTitle={`当前账号已绑定微信“${profile.Nickname}”`} />
          ) : (
            <>
              <p className={styles.lead}>
                将微信绑定到手机号码 {profile.Mobile}
                ，绑定后可使用该微信登录本账号。点击下方按钮，在微信授权页面确认后返回本页完成绑定。
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
