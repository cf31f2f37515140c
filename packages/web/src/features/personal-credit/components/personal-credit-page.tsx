import { Button } from 'antd';
import { MobileOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { H5 } from '@credit-portal/shared';
import { QRCodeSVG } from 'qrcode.react';
import { hashHref, paths } from '@/lib/paths';
import styles from './personal-credit.module.css';

/** What the personal report covers (spec §1). */
const COVERAGE = ['公安', '社保', '教育', '税务', '行政管理', '司法'] as const;

/** The documents the face verification accepts (spec §1). */
const DOCUMENTS = [
  '居民身份证',
  '普通护照',
  '港澳台居民居住证',
  '港澳居民来往内地通行证',
  '台湾居民来往大陆通行证',
  '外国人永久居留身份证',
] as const;

/** The H5 address for this deployment: same origin and path, the H5 route in the hash. */
function h5Address(): string {
  const { origin, pathname } = window.location;
  return `${origin}${pathname}${hashHref(paths.h5ReportLogin)}`;
}

/** /grxy: personal credit — who can get their public credit report, what it covers, and the phone entry to it. */
export default function PersonalCreditPage() {
  const address = h5Address();
  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <div>
          <h1 className={styles.title}>个人公共信用信息报告</h1>
          <p className={styles.lead}>
            本人经人脸识别实名认证后，可在手机上查看、下载本人的公共信用信息报告，或将报告发送至本人邮箱。查询全程免费。
          </p>
          <Button
            type="primary"
            size="large"
            icon={<MobileOutlined aria-hidden />}
            href={hashHref(paths.h5ReportLogin)}
          >
            在本设备打开
          </Button>
        </div>
        <figure className={styles.qr}>
          <QRCodeSVG value={address} size={168} level="M" title="个人信用报告手机端二维码" />
          <figcaption>手机扫码查询本人报告</figcaption>
        </figure>
      </section>
      <div className={styles.columns}>
        <section className={styles.card} aria-labelledby="grxy-who">
          <h2 id="grxy-who" className={styles.cardTitle}>
            <SafetyCertificateOutlined aria-hidden /> 谁可以查询
          </h2>
          <ul>
            <li>年满{H5.minimumAge}周岁；</li>
            <li>具有本市户籍，或持有本市居住证并在本市参加社会保险；</li>
            <li>只能查询本人的报告，须通过人脸识别核验身份，本网站不保存人脸信息。</li>
          </ul>
        </section>
        <section className={styles.card} aria-labelledby="grxy-docs">
          <h2 id="grxy-docs" className={styles.cardTitle}>
            可用证件
          </h2>
          <ul className={styles.tags}>
            {DOCUMENTS.map((document) => (
              <li key={document}>{document}</li>
            ))}
          </ul>
        </section>
        <section className={styles.card} aria-labelledby="grxy-cover">
          <h2 id="grxy-cover" className={styles.cardTitle}>
            报告内容
          </h2>
          <p>报告汇集各部门依法归集的本人公共信用信息：</p>
          <ul className={styles.tags}>
            {COVERAGE.map((item) => (
              <li key={item}>{item}信息</li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
