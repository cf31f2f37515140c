import { Button, Result } from 'antd';
import { Link, useNavigate } from 'react-router';
import { QueryState } from '@/components/query-state';
import { RequireLogin } from '@/components/require-login';
import type { LoginSession } from '@/lib/login-session';
import { paths } from '@/lib/paths';
import { useFeedback } from '@/lib/feedback';
import { bindMobile } from '../api/bind-account';
import { useProfile } from '../api/get-profile';
import { CredentialsForm } from './password-login-form';
import styles from './account.module.css';

function BindMobile({ session }: { session: LoginSession }) {
  const navigate = useNavigate();
  const { message } = useFeedback();
  const query = useProfile(session.token);
  if (session.kind === 'User') {
    return (
      <div className={styles.panel}>
        <h1 className={styles.heading}>绑定手机账号</h1>
        <Result
          status="info"
          title="您正在使用手机号码账号登录，无需绑定手机账号"
          subTitle="如需使用微信扫码登录本账号，请绑定微信。"
          extra={
            <Button type="primary" onClick={() => void navigate(paths.bindWechat)}>
              去绑定微信
            </Button>
          }
        />
      </div>
    );
  }
  return (
    <div className={styles.panel}>
      <h1 className={styles.heading}>绑定手机账号</h1>
      <QueryState query={query} size="page">
        {(profile) =>
          profile.Mobile ? (
            <Result status="success" title="已绑定手机账号" subTitle={`当前微信身份已绑定手机号码 ${profile.Mobile}`} />
          ) : (
            <>
              <p className={styles.lead}>
                输入已注册的手机号码及其密码，将微信身份“{profile.Nickname}
                ”绑定到该账号；绑定后两种方式登录的是同一账号。
              </p>
              <p className={styles.lead}>
                绑定即表示您同意按<Link to={paths.privacy}>《个人信息处理规则》</Link>
                处理您的微信身份标识和昵称；解除绑定即撤回该同意。
              </p>
              <CredentialsForm
                submitText="绑定"
                onSubmit={async (body) => {
                  const next = await bindMobile(body);
                  await query.mutate(next, { revalidate: false });
                  void message.success('绑定成功');
                }}
              />
            </>
          )
        }
      </QueryState>
    </div>
  );
}

/** Bind a mobile account to the logged-in chat-app identity (spec §2.1 grzx/bdzh). */
export default function BindMobilePage() {
  return <RequireLogin>{(session) => <BindMobile session={session} />}</RequireLogin>;
}
