import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './scroll-strip.module.css';

/**
 * A strip that scrolls sideways on narrow screens (a section's tab links): where more of it
 * lies beyond an edge, that edge fades out under an arrow, so a phone user sees it scrolls.
 */
export function ScrollStrip({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ before: false, after: false });
  const measure = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const before = element.scrollLeft > 1;
    const after = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    setMore((current) => (current.before === before && current.after === after ? current : { before, after }));
  }, []);
  useEffect(() => {
    measure();
    const element = ref.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);
  return (
    <div className={className ? `${styles.strip} ${className}` : styles.strip}>
      <div ref={ref} className={styles.scroller} onScroll={measure}>
        {children}
      </div>
      {more.before ? (
        <span className={`${styles.hint} ${styles.before}`} data-scroll-hint="before" aria-hidden>
          ‹
        </span>
      ) : null}
      {more.after ? (
        <span className={`${styles.hint} ${styles.after}`} data-scroll-hint="after" aria-hidden>
          ›
        </span>
      ) : null}
    </div>
  );
}
