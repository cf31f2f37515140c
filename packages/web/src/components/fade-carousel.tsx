import { Children, useEffect, useState, type ReactNode } from 'react';
import styles from './fade-carousel.module.css';

interface FadeCarouselProps {
  /** One child per slide. */
  children: ReactNode;
  /** What the carousel shows, for assistive technology (e.g. 首页轮播). */
  label: string;
  /** Move on by itself (off when the visitor prefers reduced motion). */
  autoplay: boolean;
  /** Time each slide stays, in milliseconds. */
  intervalMs: number;
}

/**
 * Slides that cross-fade in place, with a dot per slide to pick one. Autoplay pauses while the
 * pointer is over it or focus is inside it; hidden slides are inert, so their links cannot be
 * reached; their content mounts when the page is idle. A few lines in place of antd's Carousel, which brings react-slick (≈ 10 kB compressed)
 * into the first page for a fade.
 */
export function FadeCarousel({ children, label, autoplay, intervalMs }: FadeCarouselProps) {
  const slides = Children.toArray(children);
  const count = slides.length;
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const shown = count === 0 ? 0 : active % count;
  // The slides out of sight get their content (their images) once the page is idle, or when a dot
  // is picked: on a slow line they do not compete with the first slide, the page's largest paint.
  const [warm, setWarm] = useState(false);
  useEffect(() => {
    if (warm || count < 2) return undefined;
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setWarm(true), { timeout: 4_000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => setWarm(true), 2_000);
    return () => window.clearTimeout(id);
  }, [warm, count]);
  useEffect(() => {
    if (!autoplay || paused || count < 2) return undefined;
    const timer = window.setInterval(() => setActive((current) => (current + 1) % count), intervalMs);
    return () => window.clearInterval(timer);
  }, [autoplay, paused, count, intervalMs]);
  return (
    <div
      className={styles.carousel}
      role="region"
      aria-roledescription="轮播"
      aria-label={label}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      <div className={styles.track}>
        {slides.map((slide, index) => (
          <div
            key={index}
            className={index === shown ? `${styles.slide} ${styles.active}` : styles.slide}
            role="group"
            aria-roledescription="幻灯片"
            aria-label={`${index + 1} / ${count}`}
            aria-hidden={index !== shown}
            inert={index !== shown}
          >
            {index === shown || warm ? slide : null}
          </div>
        ))}
      </div>
      {count > 1 ? (
        <div className={styles.dots}>
          {slides.map((_, index) => (
            <button
              key={index}
              type="button"
              className={index === shown ? `${styles.dot} ${styles.dotActive}` : styles.dot}
              aria-label={`第 ${index + 1} 张`}
              aria-current={index === shown ? 'true' : undefined}
              onClick={() => {
                setWarm(true);
                setActive(index);
              }}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
