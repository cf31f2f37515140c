import { Button, Checkbox } from 'antd';
import { H5_MESSAGES, PRIVACY_PAGE_PATH, PRIVACY_RULES_VERSION } from '@credit-portal/shared';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useFeedback } from '@/lib/feedback';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { telHref } from '@/lib/format';
import styles from './h5-privacy.module.css';

/**
 * The portal's own notice before the hand-off to face verification (人脸识别技术应用安全管理办法;
 * PIPL Art. 14, 17, 29: a separate consent to processing sensitive personal information): what
 * for, who receives what, what is kept and how long, the other way, and a checkbox of its own.
 * `onAgree` gets the version of the rules agreed to; the service records it before handing out
 * the face verification's link.
 */
export function FaceNotice({
  busy,
  onAgree,
  onCancel,
}: {
  busy: boolean;
  onAgree: (version: string) => void;
  onCancel: () => void;
}) {
  const { message } = useFeedback();
  const { contactAddress, contactPhone } = useRuntimeConfig();
  const [agreed, setAgreed] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  // The notice replaces the 登录 button: focus goes to its heading, so that it is read first.
  useEffect(() => heading.current?.focus(), []);

  const agree = () => {
    if (!agreed) {
      message.warning(H5_MESSAGES.faceConsentMissing);
      return;
    }
    onAgree(PRIVACY_RULES_VERSION);
  };

  return (
    <section className={styles.notice} aria-labelledby="h5-face-notice">
      <h2 id="h5-face-notice" className={styles.title} tabIndex={-1} ref={heading}>
        人脸识别告知
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>为什么需要人脸识别</dt>
          <dd>
            用于核验您的身份，确认是本人查询本人的信用信息（关联主体、主体信用报告和个人公共信用信息报告）。人脸信息属于敏感个人信息，仅用于本次身份核验。
          </dd>
        </div>
        <div>
          <dt>谁处理、处理什么</dt>
          <dd>
            同意后您将进入外部人脸识别认证服务的页面，由该服务采集您的姓名、证件号码和人脸图像（或视频）并完成比对。人脸图像由该服务采集和比对，不经过、也不发送给本网站。
          </dd>
        </div>
        <div>
          <dt>本网站保存什么、保存多久</dt>
          <dd>
            本网站不保存任何人脸图像或视频。只保存核验结果（通过或未通过及其时间，身份以不可还原的加密编码记录），记入本网站的安全审计日志，按审计日志的保存期限（不少于六个月）保存，期满删除；本次同意的规则版本和时间也会记录。
          </dd>
        </div>
        <div>
          <dt>不同意人脸识别怎么办</dt>
          <dd>
            您可以不进行人脸识别，携带本人有效身份证件到信用中心服务窗口查询办理
            {contactAddress ? `（地址：${contactAddress}` : ''}
            {contactAddress && contactPhone ? '，' : ''}
            {contactPhone ? (
              <>
                {contactAddress ? '' : '（'}电话：<a href={telHref(contactPhone)}>{contactPhone}</a>
              </>
            ) : null}
            {contactAddress || contactPhone ? '）' : ''}。
          </dd>
        </div>
      </dl>
      <p className={styles.note}>
        完整说明见 <Link to={PRIVACY_PAGE_PATH}>《个人信息处理规则》</Link>（版本 {PRIVACY_RULES_VERSION}）。
      </p>
      <Checkbox className={styles.consent} checked={agreed} onChange={(event) => setAgreed(event.target.checked)}>
        我已阅读本告知，单独同意外部人脸识别认证服务处理我的人脸信息，用于本次身份核验
      </Checkbox>
      <div className={styles.actions}>
        <Button type="primary" size="large" block loading={busy} onClick={agree}>
          同意并开始人脸识别
        </Button>
        <Button size="large" block disabled={busy} onClick={onCancel}>
          不同意，返回
        </Button>
      </div>
    </section>
  );
}
