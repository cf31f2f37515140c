import type { NoticeListItem } from '@credit-portal/shared';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format';
import { licenceDetailsPath, penaltyDetailsPath } from '@/lib/paths';
import styles from './notice-list.module.css';

/** 行政许可 (licence) or 行政处罚 (penalty): decides the document number shown and the detail page. */
export type NoticeKind = 'licence' | 'penalty';

const LABELS: Readonly<Record<NoticeKind, string>> = {
  licence: '许可文书号',
  penalty: '处罚文书号',
};

interface NoticeListProps {
  kind: NoticeKind;
  items: readonly NoticeListItem[];
  /** 'compact' shows one line per item (home page); 'full' adds the labelled number and date. */
  variant?: 'compact' | 'full';
  /** At most this many items are shown. */
  limit?: number;
  /** Called when an item is opened, before navigation (the visit log hooks in here). */
  onOpen?: (item: NoticeListItem) => void;
}

/** The notice list of spec §2.1: enterprise name plus the permit or punishment document number. */
export function NoticeList({ kind, items, variant = 'full', limit, onOpen }: NoticeListProps) {
  const shown = limit === undefined ? items : items.slice(0, limit);
  return (
    <ul className={variant === 'compact' ? `${styles.list} ${styles.compact}` : styles.list}>
      {shown.map((item) => {
        const docNo = (kind === 'licence' ? item.LicenseDocNo : item.PunishDocNo) ?? '';
        const to =
          kind === 'licence'
            ? licenceDetailsPath(item.RecordId, item.EntName)
            : penaltyDetailsPath(item.RecordId, item.EntName);
        return (
          <li key={item.RecordId} className={styles.item}>
            <Link to={to} className={styles.link} onClick={() => onOpen?.(item)}>
              <span className={styles.name}>{item.EntName}</span>
              <span className={styles.docNo}>
                <span className={styles.label}>{LABELS[kind]}：</span>
                {docNo || '—'}
              </span>
            </Link>
            {variant === 'full' && item.DecisionDate ? (
              <time className={styles.date} dateTime={formatDate(item.DecisionDate)}>
                {formatDate(item.DecisionDate)}
              </time>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
