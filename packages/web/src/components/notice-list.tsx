import { DEVICE, PATH_LOG, type NoticeListItem } from '@credit-portal/shared';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format';
import { licenceDetailsPath, penaltyDetailsPath } from '@/lib/paths';
import { useLogClick } from './visit-log-context';
import styles from './notice-list.module.css';

/** 行政许可 (licence) or 行政处罚 (penalty): decides the document number shown and the detail page. */
export type NoticeKind = 'licence' | 'penalty';

const LABELS: Readonly<Record<NoticeKind, string>> = {
  licence: '许可文书号',
  penalty: '处罚文书号',
};

/** The breadcrumb label of each kind's pages (spec §2.1: the list is labelled by the breadcrumb). */
export const NOTICE_BREADCRUMBS: Readonly<Record<NoticeKind, string>> = { licence: '行政许可', penalty: '行政处罚' };

/** The kind of a list shown under a breadcrumb labelled 行政许可 or 行政处罚; undefined for any other label. */
export function noticeKindOf(breadcrumb: string): NoticeKind | undefined {
  if (breadcrumb.includes(NOTICE_BREADCRUMBS.licence)) return 'licence';
  if (breadcrumb.includes(NOTICE_BREADCRUMBS.penalty)) return 'penalty';
  return undefined;
}

/** Which list it is: by kind, or (as spec §2.1 words it) by the breadcrumb it sits under. */
type NoticeListKind = { kind: NoticeKind; breadcrumb?: never } | { breadcrumb: string; kind?: never };

type NoticeListProps = NoticeListKind & {
  items: readonly NoticeListItem[];
  /** 'compact' shows one line per item (home page); 'full' adds the labelled number and date. */
  variant?: 'compact' | 'full';
  /** At most this many items are shown. */
  limit?: number;
  /** Called when an item is opened, before navigation. */
  onOpen?: (item: NoticeListItem) => void;
  /** Where an item leads instead of the portal's licence or penalty detail (e.g. a district site's own view). */
  detailPath?: (item: NoticeListItem) => string;
};

/**
 * The notice list of spec §2.1: enterprise name plus the permit or punishment document number;
 * an item opens the licence or penalty detail, and the click is logged (visitorDevice '1').
 */
export function NoticeList({ items, variant = 'full', limit, onOpen, detailPath, ...which }: NoticeListProps) {
  const logClick = useLogClick();
  // A breadcrumb that names neither kind shows licences, the portal's first publicity list.
  const kind: NoticeKind = which.kind ?? noticeKindOf(which.breadcrumb ?? '') ?? 'licence';
  const shown = limit === undefined ? items : items.slice(0, limit);
  return (
    <ul className={variant === 'compact' ? `${styles.list} ${styles.compact}` : styles.list}>
      {shown.map((item) => {
        const docNo = (kind === 'licence' ? item.LicenseDocNo : item.PunishDocNo) ?? '';
        const to = detailPath
          ? detailPath(item)
          : kind === 'licence'
            ? licenceDetailsPath(item.RecordId, item.EntName)
            : penaltyDetailsPath(item.RecordId, item.EntName);
        return (
          <li key={item.RecordId} className={styles.item}>
            <Link
              to={to}
              className={styles.link}
              onClick={() => {
                logClick({ contentCode: PATH_LOG.disclosure, param: to, visitorDevice: DEVICE.desktop });
                onOpen?.(item);
              }}
            >
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
