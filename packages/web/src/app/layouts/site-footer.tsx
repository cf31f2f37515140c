import { lazy, Suspense, useRef } from 'react';
import { Link } from 'react-router';
import { ExternalLink } from '@/components/external-link';
import { useNearViewport } from '@/hooks/use-near-viewport';
import { telHref } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useRuntimeConfig } from '@/lib/runtime-config';
import styles from './site-footer.module.css';

// Below the fold: the QR codes (their list, antd's Popover, the CMS call) load when the footer
// comes near the viewport, not with the page.
const FooterQrCodes = lazy(() =>
  import('@/features/image-links/components/footer-qr-codes').then((module) => ({ default: module.FooterQrCodes })),
);

/**
 * The footer (spec §2.1): site map, contact address and phone, 网站标识码, and the filing,
 * public-security filing and error-report links, which leave through the 温馨提示 dialog;
 * the hover QR codes show on desktop.
 */
/** A filing entry: a link through the warning dialog when it has an address, else its text alone. */
function FilingEntry({
  href,
  text,
  fallback,
  className,
}: {
  href: string;
  text: string;
  fallback: string;
  className?: string;
}) {
  if (!href && !text) return null;
  if (!href) return <span className={className}>{text}</span>;
  return (
    <ExternalLink href={href} className={className}>
      {text || fallback}
    </ExternalLink>
  );
}

export function SiteFooter() {
  const config = useRuntimeConfig();
  const footerRef = useRef<HTMLElement>(null);
  const nearFooter = useNearViewport(footerRef);
  return (
    <footer ref={footerRef} className={styles.footer}>
      <div className={`page-container ${styles.inner}`}>
        <div className={styles.info}>
          <ul className={styles.links}>
            <li>
              <Link to={paths.webMap}>网站地图</Link>
            </li>
            <li>
              <Link to={paths.openData}>开放数据</Link>
            </li>
            <li>
              <Link to={paths.privacy}>个人信息处理规则</Link>
            </li>
            {config.errorReportUrl ? (
              <li>
                <ExternalLink href={config.errorReportUrl}>我要纠错</ExternalLink>
              </li>
            ) : null}
          </ul>
          {config.contactAddress || config.contactPhone ? (
            <p>
              {config.contactAddress ? <span>联系地址：{config.contactAddress}</span> : null}
              {config.contactPhone ? (
                <span>
                  联系电话：<a href={telHref(config.contactPhone)}>{config.contactPhone}</a>
                </span>
              ) : null}
            </p>
          ) : null}
          <p>
            {config.siteCode ? <span>网站标识码：{config.siteCode}</span> : null}
            <FilingEntry href={config.filingUrl} text={config.filingText} fallback="ICP备案信息" />
            <FilingEntry
              href={config.securityFilingUrl}
              text={config.securityFilingText}
              fallback="公安机关备案信息"
              className={styles.security}
            />
          </p>
          <p className={styles.copyright}>
            <span>版权所有 © {config.siteName}</span>
          </p>
        </div>
        {nearFooter ? (
          <Suspense fallback={null}>
            <FooterQrCodes />
          </Suspense>
        ) : null}
      </div>
    </footer>
  );
}
