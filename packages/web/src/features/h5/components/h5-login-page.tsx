import { Button, Form, Input } from 'antd';
import { H5_DOCUMENT_TYPES, H5_MESSAGES, H5, H5_CERT_TOKEN_PARAM, type H5CertType } from '@credit-portal/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { paths, withQuery } from '@/lib/paths';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { useFeedback } from '@/lib/feedback';
import { TEST_QUERY } from '../session-evidence';
import { encodeChannel, getCertToken, testLogin } from '../api/login';
import { clearH5Tokens, markH5Login, readPlatform, storeCertLogin, storeIzToken } from '../h5-storage';
import { createPkcePair, InsecureContextError } from '../pkce';
import { H5Footer } from './h5-footer';
import { FaceNotice } from './face-notice';
import { leaveApp } from '../h5-navigation';
import styles from './h5.module.css';

/** The two ways into the app: linked entities (/h5/login) or the personal report (/h5/PersonCreditReportLogin). */
export type H5Flow = 'entities' | 'report';

const FLOWS: Record<H5Flow, { certType: H5CertType; target: string }> = {
  entities: { certType: '', target: paths.h5Home },
  report: { certType: 'grxybg', target: paths.h5Report },
};

const SERVICES = [
  { title: '关联主体查询', text: '查询登记在本人名下、或本人担任职务的市场主体。' },
  { title: '主体信用报告', text: '将关联主体的信用报告（PDF）发送至您的邮箱。' },
  { title: '个人信用报告', text: '查看、下载本人的公共信用信息报告，涵盖公安、社保、教育、税务、行政管理、司法信息。' },
] as const;

/** The SPA's own address of a page, for the face-verification page to send the person back to. */
function returnUrl(path: string): string {
  const { origin, pathname } = window.location;
  return `${origin}${pathname}#${path}`;
}

/**
 * The H5 login (spec §2.3, §4): services, notes and 登录 (the intro above it is the frame's:
 * H5Intro, the rows' `intro`), which shows the face-verification notice; its consent makes a secret verifier,
 * gets a cert token bound to its challenge, stores both and hands the person to the
 * face-verification page; the page sends them back to the flow's target with a one-time code,
 * which that page exchanges with the token and the verifier. Test mode adds name/ID inputs and
 * two test logins.
 */
export default function H5LoginPage({ flow }: { flow: H5Flow }) {
  const { message } = useFeedback();
  const config = useRuntimeConfig();
  const { certType, target } = FLOWS[flow];
  const [busy, setBusy] = useState(false);
  // 登录 opens the face-verification notice; only its consent hands the person off.
  const [notice, setNotice] = useState(false);
  const encoded = useRef<Promise<string | undefined> | null>(null);

  // On mount: the channel's encrypted wrapper (spec §7), sent along with the cert-token request.
  useEffect(() => {
    encoded.current = encodeChannel(readPlatform()).catch(() => undefined);
  }, []);

  const openNotice = () => {
    // No face-verification service configured (FACE_VERIFY_URL unset): say so, go nowhere.
    if (!config.faceVerifyUrl) {
      message.warning(H5_MESSAGES.faceVerifyUnavailable);
      return;
    }
    setNotice(true);
  };

  const login = async (consentVersion: string) => {
    setBusy(true);
    try {
      // The verifier stays in this browser; the token is bound to its challenge.
      const { verifier, challenge } = await createPkcePair();
      const encodeMsg = (await encoded.current) ?? undefined;
      const token = await getCertToken(certType, encodeMsg, returnUrl(target), challenge, consentVersion);
      clearH5Tokens();
      storeCertLogin({ token, verifier });
      const face = new URL(config.faceVerifyUrl, window.location.href);
      face.searchParams.set(H5_CERT_TOKEN_PARAM, token);
      // The login page leaves the history: Back from the app, once logged in, returns to the page
      // before the login, not to the face verification's spent link.
      leaveApp(face.toString(), 'replace');
    } catch (error) {
      message.error(error instanceof InsecureContextError ? error.message : errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="h5-services">
        <h2 id="h5-services" className={styles.cardTitle}>
          服务内容
        </h2>
        <ol className={styles.serviceList}>
          {SERVICES.map((service) => (
            <li key={service.title}>
              <strong>{service.title}</strong>
              <span>{service.text}</span>
            </li>
          ))}
        </ol>
      </section>

      <section className={styles.card} aria-labelledby="h5-notes">
        <h2 id="h5-notes" className={styles.cardTitle}>
          登录须知
        </h2>
        <ul className={styles.notes}>
          <li>年满{H5.minimumAge}周岁，具有本市户籍，或持有本市居住证且在本市缴纳社会保险的人员可使用本服务。</li>
          <li>可使用的证件：{H5_DOCUMENT_TYPES.join('、')}。</li>
          <li>点击登录后将跳转至人脸识别认证页面，认证通过后自动返回；本网站不保存人脸信息。</li>
          <li>只能查询本人的信息，请勿代他人操作。</li>
          <li>
            本网站如何处理您的个人信息，请阅读<Link to={paths.privacy}>《个人信息处理规则》</Link>。
          </li>
        </ul>
      </section>

      {notice ? (
        <FaceNotice busy={busy} onAgree={(version) => void login(version)} onCancel={() => setNotice(false)} />
      ) : (
        <Button type="primary" size="large" block onClick={openNotice}>
          登录
        </Button>
      )}

      {config.h5TestMode ? <TestLogin certType={certType} target={target} /> : null}
      <H5Footer />
    </div>
  );
}

/** Test mode (H5_TEST_MODE): log in by name and ID, by token or by query parameters. */
function TestLogin({ certType, target }: { certType: H5CertType; target: string }) {
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [idCard, setIdCard] = useState('');
  const [busy, setBusy] = useState(false);

  const identity = (): { name: string; idCard: string } | null => {
    const value = { name: name.trim(), idCard: idCard.trim() };
    if (!value.name || !value.idCard) {
      message.warning(H5_MESSAGES.testLoginEmpty);
      return null;
    }
    return value;
  };

  const byToken = async () => {
    const value = identity();
    if (!value) return;
    setBusy(true);
    try {
      const token = await testLogin(value.name, value.idCard, certType);
      clearH5Tokens();
      storeIzToken(token);
      navigate(target, { replace: true });
    } catch (error) {
      message.error(errorMessage(error));
      setBusy(false);
    }
  };

  const byParameters = () => {
    const value = identity();
    if (!value) return;
    clearH5Tokens();
    markH5Login();
    navigate(withQuery(target, { [TEST_QUERY.name]: value.name, [TEST_QUERY.idCard]: value.idCard }), {
      replace: true,
    });
  };

  return (
    <section className={styles.card} aria-labelledby="h5-test">
      <h2 id="h5-test" className={styles.cardTitle}>
        测试登录
      </h2>
      <Form layout="vertical" requiredMark={false} onSubmitCapture={(event) => event.preventDefault()}>
        <Form.Item label="姓名" htmlFor="h5-test-name">
          <Input id="h5-test-name" value={name} autoComplete="off" onChange={(e) => setName(e.target.value)} />
        </Form.Item>
        <Form.Item label="身份证号" htmlFor="h5-test-id">
          <Input id="h5-test-id" value={idCard} autoComplete="off" onChange={(e) => setIdCard(e.target.value)} />
        </Form.Item>
        <div className={styles.buttonRow}>
          <Button loading={busy} onClick={() => void byToken()}>
            测试登录
          </Button>
          <Button onClick={byParameters}>测试登录（参数）</Button>
        </div>
      </Form>
    </section>
  );
}
