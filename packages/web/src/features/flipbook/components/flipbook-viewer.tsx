import { Button, Radio } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { PageFlip, type FlipSetting, type Orientation } from 'page-flip';
import { useEffect, useMemo, useRef, useState } from 'react';
import styles from './flipbook.module.css';

/**
 * The book of spec §2.1 in page-flip's terms. The spec names turn.js options; their page-flip
 * counterparts: 922×600 book = two 461×600 pages; gradients = drawShadow; elevation 50 = the
 * lifted page's shadow at half strength; 600 ms turn = flippingTime; single or double display =
 * portrait or landscape (usePortrait switches to single pages below two page widths, so a phone
 * shows single pages that fit the screen); showCover keeps the covers single so the book can
 * centre on them (auto-centring, done below). page-flip has no corner-size setting: its corner
 * zone is a fifth of the page diagonal (about 150 px at full size), and showPageCorners folds it.
 */
export const FLIPBOOK_SETTINGS: Partial<FlipSetting> = {
  width: 461,
  height: 600,
  size: 'stretch',
  minWidth: 240,
  maxWidth: 461,
  minHeight: 312,
  maxHeight: 600,
  drawShadow: true,
  maxShadowOpacity: 0.5,
  flippingTime: 600,
  usePortrait: true,
  showCover: true,
  autoSize: true,
  showPageCorners: true,
  mobileScrollSupport: true,
};

export type FlipbookDirection = 'ltr' | 'rtl';
export type FlipbookDisplay = 'single' | 'double';

/** The page order of a book read in `direction`: a right-to-left book is laid out reversed and opened at its end. */
export const pageOrder = <T,>(pages: readonly T[], direction: FlipbookDirection): T[] =>
  direction === 'rtl' ? [...pages].reverse() : [...pages];

/** The pages (1-based, in reading order) on show at a spread of a book with covers. */
export function visiblePages(
  index: number,
  total: number,
  orientation: Orientation,
  direction: FlipbookDirection,
): number[] {
  const shown =
    orientation === 'portrait' || index === 0 || index >= total - 1
      ? [index]
      : [index, index + 1].filter((i) => i < total);
  const reading = shown.map((i) => (direction === 'rtl' ? total - i : i + 1));
  return reading.sort((a, b) => a - b);
}

/**
 * How far to move the book so a single cover sits in the middle (turn.js autoCenter): the
 * front cover shows on the right half of a landscape book, a lone back cover on the left.
 */
export function centreShift(index: number, total: number, orientation: Orientation, pageWidth: number): number {
  if (orientation !== 'landscape') return 0;
  if (index === 0) return -pageWidth / 2;
  if (index === total - 1 && total % 2 === 0) return pageWidth / 2;
  return 0;
}

interface FlipbookViewerProps {
  title: string;
  /** Page image addresses, in reading order. */
  pages: readonly string[];
  direction?: FlipbookDirection;
}

interface BookState {
  index: number;
  orientation: Orientation;
  pageWidth: number;
}

/** A page-turn book of page images with previous/next buttons, arrow keys, a page counter and a single/double switch. */
export function FlipbookViewer({ title, pages, direction = 'ltr' }: FlipbookViewerProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const flipRef = useRef<PageFlip | null>(null);
  const ordered = useMemo(() => pageOrder(pages, direction), [pages, direction]);
  const total = ordered.length;
  const [display, setDisplay] = useState<FlipbookDisplay>('double');
  const [book, setBook] = useState<BookState>({
    index: direction === 'rtl' ? total - 1 : 0,
    orientation: 'landscape',
    pageWidth: 461,
  });
  // The page to open at when the book is rebuilt (display switched): where the reader was.
  const startRef = useRef(book.index);

  useEffect(() => {
    const mount = mountRef.current;
    if (!mount || total === 0) return;
    // page-flip moves and finally removes its root: it gets an element React does not own.
    const root = document.createElement('div');
    mount.append(root);
    const elements = ordered.map((src, i) => {
      const page = document.createElement('div');
      page.className = styles.page ?? '';
      const img = document.createElement('img');
      img.src = src;
      img.alt = `${title} 第${direction === 'rtl' ? total - i : i + 1}页`;
      img.draggable = false;
      page.append(img);
      return page;
    });
    const flip = new PageFlip(root, { ...FLIPBOOK_SETTINGS, startPage: Math.min(startRef.current, total - 1) });
    const sync = () => {
      startRef.current = flip.getCurrentPageIndex();
      setBook({
        index: flip.getCurrentPageIndex(),
        orientation: flip.getOrientation(),
        pageWidth: flip.getBoundsRect().pageWidth,
      });
    };
    flip.on('init', sync);
    flip.on('update', sync);
    flip.on('flip', sync);
    flip.on('changeOrientation', sync);
    flip.loadFromHTML(elements);
    flipRef.current = flip;
    return () => {
      flipRef.current = null;
      flip.destroy();
    };
  }, [ordered, title, direction, total, display]);

  // Reading forward turns to the next sheet; in a right-to-left book that is the sheet before in the layout.
  const forward = () => (direction === 'rtl' ? flipRef.current?.flipPrev() : flipRef.current?.flipNext());
  const backward = () => (direction === 'rtl' ? flipRef.current?.flipNext() : flipRef.current?.flipPrev());

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="radiogroup"]')) return;
      // The arrows move the way the pages move, whatever the reading direction.
      if (event.key === 'ArrowRight') flipRef.current?.flipNext();
      else if (event.key === 'ArrowLeft') flipRef.current?.flipPrev();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const shown = visiblePages(book.index, total, book.orientation, direction);
  const atStart = direction === 'rtl' ? book.index >= total - 1 : book.index <= 0;
  const atEnd = shown.includes(total);
  const shift = centreShift(book.index, total, book.orientation, book.pageWidth);

  return (
    <div className={styles.viewer}>
      <div className={styles.toolbar}>
        {/* Below two page widths the book is single-paged whatever is chosen: no choice to offer. */}
        {book.orientation === 'portrait' && display === 'double' ? null : (
          <Radio.Group
            aria-label="显示方式"
            optionType="button"
            value={display}
            onChange={(event) => setDisplay(event.target.value as FlipbookDisplay)}
            options={[
              { value: 'double', label: '双页' },
              { value: 'single', label: '单页' },
            ]}
          />
        )}
        <p className={styles.counter} aria-live="polite">
          第 {shown.length > 1 ? `${shown[0]}–${shown[1]}` : shown[0]} 页 / 共 {total} 页
        </p>
      </div>
      <div className={styles.stage}>
        <div
          ref={mountRef}
          className={display === 'single' ? `${styles.book} ${styles.single}` : styles.book}
          style={{ transform: `translateX(${shift}px)` }}
          role="region"
          aria-label={`${title}（可用左右方向键翻页）`}
        />
      </div>
      <div className={styles.controls}>
        <Button icon={<LeftOutlined aria-hidden />} onClick={backward} disabled={atStart}>
          上一页
        </Button>
        <Button type="primary" onClick={forward} disabled={atEnd}>
          下一页 <RightOutlined aria-hidden />
        </Button>
      </div>
    </div>
  );
}
