import { PhoneOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { QueryState } from '@/components/query-state';
import { paths } from '@/lib/paths';
import { useLendingOverview } from '../api/get-lending-overview';
import { useMobileBrowser } from '@/lib/mobile-browser';
import { LENDING_STEPS } from '../lending-format';
import { ProductCard } from './product-card';
import styles from './lending.module.css';

/** /xyd/mobile: the lending page for phones (spec §2.1: only phones; other devices go back to /xyd). */
export default function LendingMobilePage() {
  const mobile = useMobileBrowser();
  const [bank, setBank] = useState('');
  const query = useLendingOverview();
  if (!mobile) return <Navigate to={paths.lending} replace />;
  return (
    <div className={styles.mobile}>
      <section className={styles.mobileHero}>
        <h2 className={styles.mobileHeroTitle}>信易贷 · 以信用换贷款</h2>
        <p>守信中小微企业免抵押、低利率、放款快</p>
      </section>
      <QueryState query={query} skeletonRows={10} size="page">
        {(overview) => {
          const banks = new Map(overview.banks.map((b) => [b.code, b]));
          const shown = overview.products.filter((p) => !bank || p.bankCode === bank);
          return (
            <>
              <dl className={styles.mobileStats} aria-label="平台运行情况">
                {overview.stats.map((stat) => (
                  <div key={stat.key}>
                    <dd>
                      {stat.value}
                      <small>{stat.unit}</small>
                    </dd>
                    <dt>{stat.label}</dt>
                  </div>
                ))}
              </dl>
              <details className={styles.mobileSteps}>
                <summary>办理流程</summary>
                <ol>
                  {LENDING_STEPS.map((step) => (
                    <li key={step.title}>
                      <strong>{step.title}</strong>：{step.text}
                    </li>
                  ))}
                </ol>
              </details>
              <div className={styles.chips} role="group" aria-label="按银行筛选">
                {[{ code: '', shortName: '全部' }, ...overview.banks].map((b) => (
                  <button
                    key={b.code}
                    type="button"
                    aria-pressed={bank === b.code}
                    className={bank === b.code ? `${styles.chip} ${styles.chipOn}` : styles.chip}
                    onClick={() => setBank(b.code)}
                  >
                    {b.shortName}
                  </button>
                ))}
              </div>
              <p className={styles.count} aria-live="polite">
                共 {shown.length} 款产品
              </p>
              <div className={styles.mobileProducts}>
                {shown.map((product) => (
                  <ProductCard key={product.id} product={product} bank={banks.get(product.bankCode)} compact />
                ))}
              </div>
              <p className={styles.mobileHelp}>
                <PhoneOutlined aria-hidden /> 融资咨询请拨打合作银行服务热线，或致电 12345 政务服务便民热线。
              </p>
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
