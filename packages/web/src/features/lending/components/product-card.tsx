import { Tag } from 'antd';
import { BankOutlined, PhoneOutlined } from '@ant-design/icons';
import type { LendingBank, LendingProduct } from '@credit-portal/shared';
import { telHref } from '@/lib/format';
import { amountText, rateText, termText } from '../lending-format';
import styles from './lending.module.css';

interface ProductCardProps {
  product: LendingProduct;
  bank: LendingBank | undefined;
  /** Phones fold the requirements away. */
  compact?: boolean;
}

/** One credit product: its bank, the three figures that matter (amount, rate, term), who it is for and what it needs. */
export function ProductCard({ product, bank, compact = false }: ProductCardProps) {
  const requirements = (
    <ul className={styles.requirements}>
      {product.requirements.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
  return (
    <article className={styles.product} aria-labelledby={`product-${product.id}`}>
      <header className={styles.productHead}>
        <h3 id={`product-${product.id}`} className={styles.productName}>
          {product.name}
        </h3>
        <Tag color={product.category === '信用贷款' ? 'blue' : 'gold'}>{product.category}</Tag>
      </header>
      <p className={styles.bankName}>
        <BankOutlined aria-hidden /> {product.bankName}
      </p>
      <dl className={styles.figures}>
        <div>
          <dt>最高额度</dt>
          <dd className={styles.amount}>{amountText(product)}</dd>
        </div>
        <div>
          <dt>参考年利率</dt>
          <dd>{rateText(product)}</dd>
        </div>
        <div>
          <dt>最长期限</dt>
          <dd>{termText(product)}</dd>
        </div>
      </dl>
      <p className={styles.line}>
        <span className={styles.lineLabel}>担保方式</span>
        {product.guarantee}
      </p>
      <p className={styles.line}>
        <span className={styles.lineLabel}>适用对象</span>
        {product.target}
      </p>
      <ul className={styles.features}>
        {product.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {compact ? (
        <details className={styles.more}>
          <summary>申请条件</summary>
          {requirements}
        </details>
      ) : (
        <>
          <p className={styles.requirementsTitle}>申请条件</p>
          {requirements}
        </>
      )}
      {bank ? (
        <a className={styles.call} href={telHref(bank.hotline)}>
          <PhoneOutlined aria-hidden /> 咨询{bank.shortName}：{bank.hotline}
        </a>
      ) : null}
    </article>
  );
}
