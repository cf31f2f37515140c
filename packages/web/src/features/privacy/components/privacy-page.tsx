import {
  CONSENT_PURPOSE_LABELS,
  CONSENT_PURPOSES,
  PRIVACY_RULES_EFFECTIVE_DATE,
  PRIVACY_RULES_VERSION,
} from '@credit-portal/shared';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { telHref } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { INFORMATION_KINDS } from '../privacy-rules';
import styles from './privacy.module.css';

/** The page's sections, in order: the table of contents lists them. */
const SECTIONS = [
  { id: 'privacy-kinds', title: '一、我们处理的个人信息' },
  { id: 'privacy-recipients', title: '二、委托处理和对外提供' },
  { id: 'privacy-consents', title: '三、单独同意的事项' },
  { id: 'privacy-rights', title: '四、您的权利及行使方式' },
  { id: 'privacy-changes', title: '五、本规则的更新' },
  { id: 'privacy-contact', title: '六、联系我们' },
] as const;

const [KINDS, RECIPIENTS, CONSENTS, RIGHTS, CHANGES, CONTACT] = SECTIONS;

/**
 * The hash router owns the address's #: a contents entry moves the focus to its heading (which
 * scrolls to it) instead of following a fragment link.
 */
function jumpTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
  event.preventDefault();
  const heading = document.getElementById(id);
  heading?.focus();
  heading?.scrollIntoView?.({ block: 'start' });
}

function SectionHeading({ section }: { section: (typeof SECTIONS)[number] }) {
  return (
    <h2 id={section.id} className={styles.sectionTitle} tabIndex={-1}>
      {section.title}
    </h2>
  );
}

/**
 * 个人信息处理规则 (PIPL Art. 17): what the portal holds, why, on which basis, how long, who else
 * receives it, the person's rights and where to exercise them, and whom to ask — versioned; a new
 * version asks every logged-in person again (consent-gate). Public: no login.
 */
export default function PrivacyPage() {
  const config = useRuntimeConfig();
  return (
    <article className={styles.page} aria-labelledby="privacy-title">
      <h1 id="privacy-title" className={styles.heading}>
        个人信息处理规则
      </h1>
      <p className={styles.version}>
        版本 {PRIVACY_RULES_VERSION}，自 {PRIVACY_RULES_EFFECTIVE_DATE} 起施行
      </p>
      <p className={styles.intro}>
        {config.siteName}
        （以下简称“本网站”）依照《中华人民共和国个人信息保护法》处理您的个人信息。本规则说明本网站处理哪些个人信息、为什么处理、依据什么、保存多久、提供给谁，以及您如何查阅、复制、删除个人信息和撤回同意。
      </p>
      <nav className={styles.toc} aria-labelledby="privacy-toc">
        <h2 id="privacy-toc" className={styles.tocTitle}>
          目录
        </h2>
        <ul className={styles.tocList}>
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <a href={`#${paths.privacy}`} onClick={(event) => jumpTo(event, section.id)}>
                {section.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <section className={styles.section} aria-labelledby={KINDS.id}>
        <SectionHeading section={KINDS} />
        {INFORMATION_KINDS.map((kind) => (
          <section key={kind.id} aria-labelledby={`privacy-kind-${kind.id}`}>
            <h3 id={`privacy-kind-${kind.id}`} className={styles.kindTitle} tabIndex={-1}>
              {kind.title}
            </h3>
            <dl className={styles.fields}>
              <dt>信息内容</dt>
              <dd>{kind.items}</dd>
              <dt>处理目的</dt>
              <dd>{kind.purpose}</dd>
              <dt>法律依据</dt>
              <dd>{kind.basis}</dd>
              <dt>保存期限</dt>
              <dd>{kind.retention}</dd>
              <dt>接收方</dt>
              <dd>{kind.recipients}</dd>
            </dl>
          </section>
        ))}
      </section>

      <section className={styles.section} aria-labelledby={RECIPIENTS.id}>
        <SectionHeading section={RECIPIENTS} />
        <ul className={styles.list}>
          <li>短信服务提供者：接收手机号码和短信内容，仅用于发送验证码和账号通知。</li>
          <li>邮件服务提供者：接收您提供的邮箱地址和邮件内容，仅用于发送信用关注提醒和您要求发送的信用报告。</li>
          <li>
            人脸识别身份核验服务：在移动端查询个人信用报告时，接收姓名、身份证件号码和核验所需的人脸信息，仅用于核验本人身份；不愿使用人脸识别的，可携带本人身份证件到信用中心窗口办理。
          </li>
        </ul>
        <p>除上述情形和法律、行政法规另有规定外，本网站不向任何第三方提供您的个人信息，也不公开您的个人信息。</p>
      </section>

      <section className={styles.section} aria-labelledby={CONSENTS.id}>
        <SectionHeading section={CONSENTS} />
        <p>以下每一项同意分别记录本规则的版本和同意时间，可在“我的数据”中查看：</p>
        <ul className={styles.list}>
          {CONSENT_PURPOSES.map((purpose) => (
            <li key={purpose}>{CONSENT_PURPOSE_LABELS[purpose]}</li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby={RIGHTS.id}>
        <SectionHeading section={RIGHTS} />
        <ul className={styles.list}>
          <li>
            查阅、复制：登录后在 <Link to={paths.myData}>个人中心 › 我的数据</Link>{' '}
            查看并下载本网站保存的与您账号有关的全部个人信息。
          </li>
          <li>更正、补充：手机号码和密码可在个人中心修改；办件中的信息可通过信用中心更正。</li>
          <li>
            删除、注销：在 <Link to={paths.closeAccount}>个人中心 › 注销账号</Link>{' '}
            验证身份后注销，注销后按该页面的说明删除或去标识化处理您的个人信息。
          </li>
          <li>
            撤回同意：提醒邮件可在 <Link to={paths.follows}>个人中心 › 信用关注</Link>{' '}
            一键撤回，每封提醒邮件中也附有撤回链接；微信绑定可在 <Link to={paths.myCenter}>我的账号</Link>{' '}
            解除；注册时的同意以注销账号的方式撤回。撤回同意不影响撤回前基于同意已进行的处理活动。
          </li>
          <li>不同意本规则的更新版本的，可以退出登录或注销账号；未登录时仍可浏览本网站的公开信息。</li>
        </ul>
      </section>

      <section className={styles.section} aria-labelledby={CHANGES.id}>
        <SectionHeading section={CHANGES} />
        <p>
          本规则修改后将发布新的版本号和施行日期。已登录的用户在继续使用个人中心前，会被再次询问是否同意新版本的规则。
        </p>
      </section>

      <section className={styles.section} aria-labelledby={CONTACT.id}>
        <SectionHeading section={CONTACT} />
        <p>
          对本规则或您的个人信息处理有疑问、意见或请求的，请联系本网站的运营单位（{config.siteName}）
          {config.contactAddress || config.contactPhone ? '：' : '，联系方式见本网站页面底部。'}
        </p>
        {config.contactAddress || config.contactPhone ? (
          <ul className={styles.list}>
            {config.contactAddress ? <li>联系地址：{config.contactAddress}</li> : null}
            {config.contactPhone ? (
              <li>
                联系电话：<a href={telHref(config.contactPhone)}>{config.contactPhone}</a>
              </li>
            ) : null}
          </ul>
        ) : null}
        <p>我们将在核验您的身份后依法及时处理。</p>
      </section>
    </article>
  );
}
