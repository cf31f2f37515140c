import { Form, Input } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { ACCOUNT_MESSAGES, MOBILE_PATTERN } from '@credit-portal/shared';

/**
 * The 手机号码 field of the account forms (login, binding, registration, 找回密码): named `mobile`,
 * checked on leaving it — present, and a mainland number of 11 digits.
 */
export function MobileField({ autoComplete }: { autoComplete: 'tel' | 'username' }) {
  return (
    <Form.Item
      label="手机号码"
      name="mobile"
      validateTrigger="onBlur"
      rules={[
        { required: true, whitespace: true, message: ACCOUNT_MESSAGES.mobileRequired },
        { pattern: MOBILE_PATTERN, message: ACCOUNT_MESSAGES.mobileInvalid },
      ]}
    >
      <Input
        prefix={<MobileOutlined aria-hidden />}
        inputMode="numeric"
        autoComplete={autoComplete}
        maxLength={11}
        placeholder="请输入11位手机号码"
      />
    </Form.Item>
  );
}
