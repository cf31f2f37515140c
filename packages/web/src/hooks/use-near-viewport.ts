import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element has come within `margin` px of the viewport (and from then on): what is
 * below the fold loads when the reader gets near it, not before the first interaction. Without
 * IntersectionObserver (old browsers, jsdom), true at once; in a pre-rendered frame, not yet.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = 300): boolean {
  const [near, setNear] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
