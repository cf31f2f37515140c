import { PAGE_SIZE, PAGER_DEFAULT_TOTAL } from '@credit-portal/shared';
import { useMediaQuery } from '@/hooks/use-media-query';
import { LitePagination } from './lite/lite-pagination';
import styles from './pager.module.css';

interface PagerProps {
  current: number;
  onChange: (page: number) => void;
  total?: number;
  /** The total is where the count stopped: more match than the pages offer. */
  capped?: boolean;
  pageSize?: number;
}

/**
 * The pager of spec §9: total, previous, pages, next; default size 10 and default total 100.
 * On a phone the row of page numbers does not fit beside the arrows (the next arrow used to
 * wrap onto a line of its own): there it reads 共 N 条 ‹ 3 / 20 ›, with 44 px arrows. Drawn by
 * `LitePagination` (antd's Pagination's markup and sheet, without its script); the
 * page is reported when the user picks another one, on click or Enter.
 */
export function Pager({
  current,
  onChange,
  total = PAGER_DEFAULT_TOTAL,
  capped = false,
  pageSize = PAGE_SIZE.default,
}: PagerProps) {
  const phone = useMediaQuery('(width < 576px)');
  if (total === 0) return null;
  return (
    <nav aria-label="分页" className={styles.pager}>
      <LitePagination
        current={current}
        total={total}
        pageSize={pageSize}
        showTotal={(count) => (capped ? `超过 ${count} 条` : `共 ${count} 条`)}
        onChange={onChange}
        simple={phone ? { readOnly: true } : false}
      />
    </nav>
  );
}
