import SafetyCertificateOutlined from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import { Icon } from '@/components/lite/icon';
import styles from './h5-intro.module.css';

/**
 * The introduction of the H5 app's two logins: what the service is, for whom, at what cost. The
 * frame shows it above the page (the rows' `intro`), so it is in the pre-rendered frame and the
 * first paint, not drawn after the page's module (it was the largest paint of /#/h5/login).
 */
export function H5Intro({ flow }: { flow: 'entities' | 'report' }) {
  return (
    <section className={styles.hero}>
      <Icon icon={SafetyCertificateOutlined} className={styles.heroIcon} aria-hidden />
      <h2 className={styles.heroTitle}>{flow === 'report' ? '个人公共信用信息报告' : '个人信用信息服务'}</h2>
      <p className={styles.heroText}>
        本服务面向本人，经人脸识别核验身份后，可查询与本人关联的市场主体及其信用报告，并查看、下载本人的公共信用信息报告。查询免费。
      </p>
    </section>
  );
}
