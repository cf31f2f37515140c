import { Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { useFeedback } from '@/lib/feedback';
import {
  clearAuthorizationResponse,
  completeWechatAuthorization,
  readAuthorizationResponse,
  STATE_MISMATCH_MESSAGE,
  type AuthorizationOutcome,
} from '../wechat-authorization';
import { FormCard } from './form-card';
import styles from './account.module.css';

type Failure = Extract<AuthorizationOutcome, { ok: false }>;

/** Opened without an answer of the chat app (no code, no state). */
const NO_ANSWER: Failure = { ok: false, message: STATE_MISMATCH_MESSAGE, returnTo: paths.scanLogin };

/**
 * Where the chat app's authorization sends the browser back (`/?code=…&state=…#/grzx/wxauth`):
 * takes code and state out of the address bar, checks the state against the one this tab made,
 * logs in or binds with the code, and returns to where the person was (the phone's QR-login
 * confirmation with its ticket, or 绑定微信). A refused, expired or foreign answer is said plainly.
 */
export default function WechatCallbackPage() {
  const navigate = useNavigate();
  const { message } = useFeedback();
  // Read once, before the effect takes it out of the address bar.
  const [response] = useState(() => readAuthorizationResponse(window.location.search));
  const [failure, setFailure] = useState<Failure | null>(response ? null : NO_ANSWER);

  useEffect(() => {
    clearAuthorizationResponse();
    if (!response) return;
    let live = true;
    void completeWechatAuthorization(response).then((outcome) => {
      if (!live) return;
      if (!outcome.ok) {
        setFailure(outcome);
        return;
      }
      void message.success(outcome.purpose === 'login' ? '登录成功' : '绑定成功');
      void navigate(outcome.returnTo, { replace: true });
    });
    return () => {
      live = false;
    };
  }, [response, navigate, message]);

  return (
    <FormCard title="微信授权">
      {failure ? (
        <Result
          status="warning"
          title="微信授权未完成"
          subTitle={failure.message}
          extra={
            <Button type="primary" onClick={() => void navigate(failure.returnTo, { replace: true })}>
              返回
            </Button>
          }
        />
      ) : (
        <div className={styles.centered}>
          <Spin description="正在完成微信授权…" />
        </div>
      )}
    </FormCard>
  );
}
