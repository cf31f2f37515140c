import { ACCOUNT_MESSAGES } from '@credit-portal/shared';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { useFeedback } from '@/lib/feedback';
import { resetPassword, sendResetCode } from '../api/reset-password';
import { CodePasswordForm } from './code-password-form';
import { FormCard } from './form-card';
import styles from './account.module.css';

/**
 * 找回密码: a forgotten password reset with a code sent to the account's number. Every login of
 * the account ends (also this browser's, if any); the person then logs in with the new password.
 */
export default function ResetPasswordPage() {
  const { message } = useFeedback();
  const navigate = useNavigate();
  return (
    <FormCard title="找回密码">
      <p className={styles.lead}>验证注册时使用的手机号码后设置新密码。重置后，该账号在所有设备上的登录都将退出。</p>
      <CodePasswordForm
        passwordLabel="新密码"
        submitText="重置密码"
        sendCode={(mobile) => sendResetCode({ Mobile: mobile })}
        submit={async ({ mobile, code, password, confirm }) => {
          await resetPassword({ Mobile: mobile, Code: code, Password: password, ConfirmPassword: confirm });
          void message.success(ACCOUNT_MESSAGES.passwordResetDone);
          void navigate(paths.passwordLogin, { replace: true });
        }}
      />
      <p className={styles.loginFooter}>
        想起密码了？<Link to={paths.passwordLogin}>去登录</Link>
      </p>
    </FormCard>
  );
}
