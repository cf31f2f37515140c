import 'virtual:antd-look/Pagination';
import DoubleLeftOutlined from '@ant-design/icons-svg/es/asn/DoubleLeftOutlined';
import DoubleRightOutlined from '@ant-design/icons-svg/es/asn/DoubleRightOutlined';
import EllipsisOutlined from '@ant-design/icons-svg/es/asn/EllipsisOutlined';
import LeftOutlined from '@ant-design/icons-svg/es/asn/LeftOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import type { KeyboardEvent, ReactNode } from 'react';
import { Icon } from './icon';

interface LitePaginationProps {
  /** The page shown (controlled, as antd's `current`); kept between 1 and the last page. */
  current: number;
  total: number;
  /** Items a page (antd's default 10). */
  pageSize?: number;
  /** antd's: the page chosen and the page size, when the user picks a page other than the current one. */
  onChange: (page: number, pageSize: number) => void;
  /** antd's `showTotal`: the total item's text, from the total and the range of items shown. */
  showTotal?: (total: number, range: [number, number]) => ReactNode;
  /** antd's `simple={{ readOnly: true }}`: 共 N 条 ‹ 3 / 20 › (antd's editable simple pager is not offered). */
  simple?: false | { readOnly: true };
}

/** antd's zh_CN texts for the pagination (@rc-component/pagination/es/locale/zh_CN). */
const LOCALE = { prev_page: '上一页', next_page: '下一页', prev_5: '向前 5 页', next_5: '向后 5 页' };

const PREFIX = 'ant-pagination';
/** rc-pagination's numbers either side of the current page (2; 1 with `showLessItems`, not offered). */
const BUFFER = 2;
/** How far the ••• items jump (5; 3 with `showLessItems`). */
const JUMP = 5;

/** What the list of pages holds, in order: page numbers and the two ••• items. */
type Item = { page: number; active: boolean; extra: string[] } | 'jump-prev' | 'jump-next';

/**
 * The page numbers and ••• items antd shows (@rc-component/pagination's Pagination.js, without
 * `showLessItems`; its conditions as written): every page up to 7; else the first and the last
 * page, the current one and its neighbours, and a ••• item in each gap — five pages in a row while
 * the current page is among the first or the last four (1 2 3 4 5 ••• 50, 1 ••• 5 6 7 ••• 50).
 */
function items(current: number, pages: number): Item[] {
  if (pages <= 3 + BUFFER * 2) {
    // No page at all: antd draws a disabled 1.
    if (!pages) return [{ page: 1, active: false, extra: [`${PREFIX}-item-disabled`] }];
    return Array.from({ length: pages }, (_, index) => ({ page: index + 1, active: current === index + 1, extra: [] }));
  }
  let left = Math.max(1, current - BUFFER);
  let right = Math.min(current + BUFFER, pages);
  if (current - 1 <= BUFFER) right = 1 + BUFFER * 2;
  if (pages - current <= BUFFER) left = pages - BUFFER * 2;
  const jumpPrev = current - 1 >= BUFFER * 2 && current !== 1 + 2;
  const jumpNext = pages - current >= BUFFER * 2 && current !== pages - 2;
  if (jumpPrev && right !== pages) left += 1;
  if (jumpNext && left !== 1) right -= 1;
  const list: Item[] = [];
  const numbers: { page: number; active: boolean; extra: string[] }[] = [];
  for (let page = left; page <= right; page += 1) numbers.push({ page, active: current === page, extra: [] });
  if (jumpPrev) numbers[0]!.extra.push(`${PREFIX}-item-after-jump-prev`);
  if (jumpNext) numbers.at(-1)!.extra.push(`${PREFIX}-item-before-jump-next`);
  if (left !== 1) list.push({ page: 1, active: false, extra: [] });
  if (jumpPrev) list.push('jump-prev');
  list.push(...numbers);
  if (jumpNext) list.push('jump-next');
  if (right !== pages) list.push({ page: pages, active: false, extra: [] });
  return list;
}

/** antd's items act on Enter (rc-pagination's `runIfEnter`; not on Space). */
const onEnter = (action: () => void) => (event: KeyboardEvent) => {
  if (event.key === 'Enter') action();
};

/**
 * antd's Pagination as the portal's pager draws it (zh_CN; without the size changer and the quick
 * jumper) — the total, the arrows, the page numbers and the ••• items with antd's elements,
 * classes, titles, tab stops and `aria-disabled`, styled by antd's static sheet — without its
 * script: the pages of every list, so that a list draws its pager without evaluating antd and
 * rendering rc-pagination (long tasks on a phone). The pages shown follow antd's rules;
 * a ••• item turns into a double arrow on hover and focus (antd's sheet) and jumps 5 pages; a page
 * number, an arrow or a ••• item acts on click and on Enter, as antd's; picking the current page
 * does nothing. `simple` draws antd's read-only simple pager, 共 N 条 ‹ 3 / 20 ›; as antd's, its
 * next arrow is in the tab order only when there is a previous page (rc-pagination's quirk, kept
 * so that the markup is antd's).
 */
export function LitePagination({
  current: currentProp,
  total,
  pageSize = 10,
  onChange,
  showTotal,
  simple = false,
}: LitePaginationProps) {
  const pages = Math.floor((total - 1) / pageSize) + 1;
  const current = Math.max(1, Math.min(currentProp, pages));
  const hasPrev = current > 1;
  const hasNext = current < pages;
  // rc-pagination's handleChange: only another page, within the pages.
  const change = (page: number) => {
    if (page === current || total <= 0) return;
    onChange(Math.max(1, Math.min(page, pages)), pageSize);
  };
  const prev = () => {
    if (hasPrev) change(current - 1);
  };
  const next = () => {
    if (hasNext) change(current + 1);
  };
  const jumpPrev = () => change(Math.max(1, current - JUMP));
  const jumpNext = () => change(Math.min(pages, current + JUMP));

  const arrow = (icon: IconDefinition, disabled: boolean) => (
    <button className={`${PREFIX}-item-link`} type="button" tabIndex={-1} disabled={disabled}>
      <Icon icon={icon} />
    </button>
  );
  const jumper = (key: 'prev' | 'next', title: string, icon: IconDefinition, action: () => void) => (
    <li
      key={key}
      title={title}
      tabIndex={0}
      className={`${PREFIX}-jump-${key} ${PREFIX}-jump-${key}-custom-icon`}
      onClick={action}
      onKeyDown={onEnter(action)}
    >
      <a className={`${PREFIX}-item-link`}>
        <div className={`${PREFIX}-item-container`}>
          <Icon icon={icon} className={`${PREFIX}-item-link-icon`} />
          <span className={`${PREFIX}-item-ellipsis`}>
            <Icon icon={EllipsisOutlined} />
          </span>
        </div>
      </a>
    </li>
  );
  const prevDisabled = !hasPrev || !pages;
  const nextDisabled = !hasNext || !pages;
  const range: [number, number] = [total === 0 ? 0 : (current - 1) * pageSize + 1, Math.min(current * pageSize, total)];
  return (
    <ul className={simple ? `${PREFIX} cp-antd ${PREFIX}-simple` : `${PREFIX} cp-antd`}>
      {showTotal ? <li className={`${PREFIX}-total-text`}>{showTotal(total, range)}</li> : null}
      <li
        title={LOCALE.prev_page}
        tabIndex={prevDisabled ? undefined : 0}
        className={prevDisabled ? `${PREFIX}-prev ${PREFIX}-disabled` : `${PREFIX}-prev`}
        aria-disabled={prevDisabled}
        onClick={prev}
        onKeyDown={onEnter(prev)}
      >
        {arrow(LeftOutlined, !hasPrev)}
      </li>
      {simple ? (
        <li title={`${current}/${pages}`} className={`${PREFIX}-simple-pager`}>
          {current}
          <span className={`${PREFIX}-slash`}>/</span>
          {pages}
        </li>
      ) : (
        items(current, pages).map((item) => {
          if (item === 'jump-prev') return jumper('prev', LOCALE.prev_5, DoubleLeftOutlined, jumpPrev);
          if (item === 'jump-next') return jumper('next', LOCALE.next_5, DoubleRightOutlined, jumpNext);
          const { page, active, extra } = item;
          const classes = [`${PREFIX}-item`, `${PREFIX}-item-${page}`, active ? `${PREFIX}-item-active` : '', ...extra];
          return (
            <li
              key={page}
              title={String(page)}
              className={classes.filter(Boolean).join(' ')}
              tabIndex={0}
              onClick={() => change(page)}
              onKeyDown={onEnter(() => change(page))}
            >
              <a rel="nofollow">{page}</a>
            </li>
          );
        })
      )}
      <li
        title={LOCALE.next_page}
        // rc-pagination's simple pager puts the next arrow in the tab order by the previous page.
        tabIndex={(simple ? hasPrev : !nextDisabled) ? 0 : undefined}
        className={(simple ? !hasNext : nextDisabled) ? `${PREFIX}-next ${PREFIX}-disabled` : `${PREFIX}-next`}
        aria-disabled={simple ? !hasNext : nextDisabled}
        onClick={next}
        onKeyDown={onEnter(next)}
      >
        {arrow(RightOutlined, !hasNext)}
      </li>
    </ul>
  );
}
