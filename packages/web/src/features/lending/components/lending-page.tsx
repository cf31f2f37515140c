import { Select } from 'antd';
import type { LendingOverview } from '@credit-portal/shared';
import { useId, useMemo, useState } from 'react';
import { Navigate } from 'react-router';
import { FigureTiles } from '@/components/figure-tiles';
import { QueryState } from '@/components/query-state';
import { telHref } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useLendingOverview } from '../api/get-lending-overview';
import { useMobileBrowser } from '@/lib/mobile-browser';
import { LENDING_STEPS } from '../lending-format';
import { ProductCard } from './product-card';
import styles from './lending.module.css';

type SortKey = 'default' | 'rate' | 'amount';

function Products({ overview }: { overview: LendingOverview }) {
  const [bank, setBank] = useState('');
  const [category, setCategory] = useState('');
  const [sort, setSort] = useState<SortKey>('default');
  const ids = { bank: useId(), category: useId(), sort: useId() };
  const banks = new Map(overview.banks.map((b) => [b.code, b]));
  const categories = [...new Set(overview.products.map((p) => p.category))];
  const shown = useMemo(() => {
    const list = overview.products.filter(
      (p) => (!bank || p.bankCode === bank) && (!category || p.category === category),
    );
    if (sort === 'rate') return [...list].sort((a, b) => a.rateMin - b.rateMin);
    if (sort === 'amount') return [...list].sort((a, b) => b.maxAmount - a.maxAmount);
    return list;
  }, [overview.products, bank, category, sort]);
  return (
    <>
      <div className={styles.filters} role="group" aria-label="筛选信贷产品">
        <label htmlFor={ids.bank}>合作银行</label>
        <Select
          id={ids.bank}
          className={styles.filter}
          value={bank}
          onChange={setBank}
          options={[
            { value: '', label: '全部银行' },
            ...overview.banks.map((b) => ({ value: b.code, label: b.shortName })),
          ]}
        />
        <label htmlFor={ids.category}>产品类型</label>
        <Select
          id={ids.category}
          className={styles.filter}
          value={category}
          onChange={setCategory}
          options={[{ value: '', label: '全部类型' }, ...categories.map((c) => ({ value: c, label: c }))]}
        />
        <label htmlFor={ids.sort}>排序</label>
        <Select<SortKey>
          id={ids.sort}
          className={styles.filter}
          value={sort}
          onChange={setSort}
          options={[
            { value: 'default', label: '默认排序' },
            { value: 'rate', label: '利率从低到高' },
            { value: 'amount', label: '额度从高到低' },
          ]}
        />
        <span className={styles.count} aria-live="polite">
          共 {shown.length} 款产品
        </span>
      </div>
      <div className={styles.products}>
        {shown.map((product) => (
          <ProductCard key={product.id} product={product} bank={banks.get(product.bankCode)} />
        ))}
      </div>
    </>
  );
}

/** /xyd: the lending page (信易贷) — platform figures, how it works, the partner banks' products. Phones go to /xyd/mobile. */
export default function LendingPage() {
  const mobile = useMobileBrowser();
  const query = useLendingOverview();
  if (mobile) return <Navigate to={paths.lendingMobile} replace />;
  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <h1 className={styles.heroTitle}>信易贷 · 以信用换贷款</h1>
        <p className={styles.heroText}>
          依托公共信用信息，合作银行为守信中小微企业和个体工商户提供免抵押、低利率、放款快的信用融资服务。
        </p>
      </section>
      <QueryState query={query} skeletonRows={14} size="page">
        {(overview) => (
          <>
            <FigureTiles
              label="平台运行情况"
              items={overview.stats.map((stat) => ({
                key: stat.key,
                label: stat.label,
                value: stat.value,
                unit: stat.unit,
              }))}
            />
            <section aria-labelledby="lending-steps" className={styles.section}>
              <h2 id="lending-steps" className={styles.sectionTitle}>
                办理流程
              </h2>
              <ol className={styles.steps}>
                {LENDING_STEPS.map((step, i) => (
                  <li key={step.title} className={styles.step}>
                    <span className={styles.stepNo} aria-hidden>
                      {i + 1}
                    </span>
                    <strong>{step.title}</strong>
                    <span>{step.text}</span>
                  </li>
                ))}
              </ol>
            </section>
            <section aria-labelledby="lending-products" className={styles.section}>
              <h2 id="lending-products" className={styles.sectionTitle}>
                信贷产品
              </h2>
              <Products overview={overview} />
            </section>
            <section aria-labelledby="lending-banks" className={styles.section}>
              <h2 id="lending-banks" className={styles.sectionTitle}>
                合作银行
              </h2>
              <ul className={styles.banks}>
                {overview.banks.map((bank) => (
                  <li key={bank.code} className={styles.bank}>
                    <strong>{bank.name}</strong>
                    <span>{bank.productCount} 款产品</span>
                    <a href={telHref(bank.hotline)}>{bank.hotline}</a>
                  </li>
                ))}
              </ul>
            </section>
          </>
        )}
      </QueryState>
    </div>
  );
}
