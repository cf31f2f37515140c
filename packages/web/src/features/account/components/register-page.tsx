import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { registerAccount } from '../api/register-account';
import { sendRegisterCode } from '../api/send-register-code';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { CodePasswordForm } from './code-password-form';
import { FormCard } from './form-card';
import styles from './account.module.css';

/**
 * Registration (spec §2.1 /register, standalone): the number proven by its SMS code, a password
 * and its confirmation (CodePasswordForm); success logs the new account in.
 */
export default function RegisterPage() {
  const complete = useCompleteLogin();
  return (
    <FormCard title="注册账号">
      <CodePasswordForm
        passwordLabel="密码"
        submitText="注册"
        sendCode={(mobile) => sendRegisterCode({ Mobile: mobile })}
        submit={async ({ mobile, code, password, confirm }) =>
          complete(
            await registerAccount({ Mobile: mobile, Code: code, Password: password, ConfirmPassword: confirm }),
            '注册成功',
          )
        }
      />
      <p className={styles.loginFooter}>
        已有账号？<Link to={paths.scanLogin}>去登录</Link>
      </p>
    </FormCard>
  );
}
