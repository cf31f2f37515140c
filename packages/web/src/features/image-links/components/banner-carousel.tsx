import { CONTENT_SECTIONS } from '@credit-portal/shared';
import { useState, type ReactNode } from 'react';
import { ExternalLinkDialog } from '@/components/external-link-dialog';
import { FadeCarousel } from '@/components/fade-carousel';
import { useImageLinks } from '../api/get-image-links';
import styles from './banner-carousel.module.css';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

interface BannerCarouselProps {
  /** Shown beside the banners (the home page's big search box). */
  children: ReactNode;
  /** Shown above the children when there are no banners to carry the page's identity. */
  fallbackTitle: ReactNode;
  /** False shows the plain backdrop with the fallback title even when there are banners. */
  showBanners?: boolean;
}

/**
 * The home page's big banner (spec §2.1): the CMS banners (/Cms/twljlb, 首页轮播) rotate with
 * the search box beside them (below them on a phone). While they load, their frame holds the
 * place on the brand backdrop; when there are none, the backdrop shows the site name instead.
 */
export function BannerCarousel({ children, fallbackTitle, showBanners = true }: BannerCarouselProps) {
  const { data, isLoading } = useImageLinks(CONTENT_SECTIONS.banners.categoryId);
  const [leaving, setLeaving] = useState<string | null>(null);
  const banners = showBanners ? (data ?? []).filter((banner) => banner.image_url) : [];
  const hasBanners = banners.length > 0;
  // While the banners load, the frame they will fill is already there (the search in its place,
  // the phone's 3:1 box kept): their arrival moves nothing (layout shift).
  const bannerFrame = hasBanners || (showBanners && isLoading);
  return (
    <section className={bannerFrame ? `${styles.hero} ${styles.withBanners}` : styles.hero} aria-label="首页横幅">
      {bannerFrame ? (
        <div className={styles.slides} aria-hidden={hasBanners ? undefined : 'true'}>
          {hasBanners ? (
            <FadeCarousel label="首页轮播" autoplay={!prefersReducedMotion()} intervalMs={6000}>
              {banners.map((banner, index) => (
                <div key={banner.record_id}>
                  <div className={styles.slide}>
                    {/* The first banner is the page's largest paint: fetched first. */}
                    <img
                      src={banner.image_url}
                      alt={banner.content_title}
                      className={styles.image}
                      fetchPriority={index === 0 ? 'high' : undefined}
                    />
                    {banner.is_url === '1' && banner.url ? (
                      <button
                        type="button"
                        className={styles.more}
                        onClick={() => setLeaving(banner.url)}
                        aria-haspopup="dialog"
                      >
                        了解详情：{banner.content_title}
                      </button>
                    ) : null}
                  </div>
                </div>
              ))}
            </FadeCarousel>
          ) : (
            <div className={styles.slide} />
          )}
        </div>
      ) : null}
      <div className={`page-container ${styles.overlay}`}>
        <div className={styles.panel}>
          {bannerFrame ? null : fallbackTitle}
          {children}
        </div>
      </div>
      <ExternalLinkDialog url={leaving} onClose={() => setLeaving(null)} />
    </section>
  );
}
