import { Checkbox, Form } from 'antd';
import { PRIVACY_RULES_VERSION } from '@credit-portal/shared';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { registerAccount } from '../api/register-account';
import { sendRegisterCode } from '../api/send-register-code';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { CodePasswordForm } from './code-password-form';
import { FormCard } from './form-card';
import styles from './account.module.css';

/** Registration's consent: unchecked, the form is not sent. */
const CONSENT_MISSING = '请阅读并同意《个人信息处理规则》';

/**
 * Registration (spec §2.1 /register, standalone): the number proven by its SMS code, a password
 * and its confirmation (CodePasswordForm), and the consent to the 个人信息处理规则 — sent with
 * the version read, which the service records; success logs the new account in.
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
            await registerAccount({
              Mobile: mobile,
              Code: code,
              Password: password,
              ConfirmPassword: confirm,
              PrivacyVersion: PRIVACY_RULES_VERSION,
            }),
            '注册成功',
          )
        }
      >
        <Form.Item
          name="privacy"
          valuePropName="checked"
          rules={[
            {
              validator: async (_rule, value: boolean | undefined) => {
                if (!value) throw new Error(CONSENT_MISSING);
              },
            },
          ]}
        >
          <Checkbox>
            我已阅读并同意<Link to={paths.privacy}>《个人信息处理规则》</Link>
          </Checkbox>
        </Form.Item>
      </CodePasswordForm>
      <p className={styles.loginFooter}>
        已有账号？<Link to={paths.scanLogin}>去登录</Link>
      </p>
    </FormCard>
  );
}
