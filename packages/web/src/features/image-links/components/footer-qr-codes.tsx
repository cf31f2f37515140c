import { Popover } from 'antd';
import { AppstoreOutlined, WechatOutlined } from '@ant-design/icons';
import { CONTENT_SECTIONS } from '@credit-portal/shared';
import { lazy, Suspense } from 'react';
import { AntdScope } from '@/components/antd-scope';
import { useImageLinks } from '../api/get-image-links';
import styles from './footer-qr-codes.module.css';

// Drawn only when a code is shown (hover or focus): the QR encoder loads then, not with every page.
const QRCodeSVG = lazy(() => import('qrcode.react').then((module) => ({ default: module.QRCodeSVG })));

/** The short label of a QR trigger: what it leads to, without the site name. */
function triggerLabel(title: string): string {
  if (title.includes('小程序')) return '小程序';
  if (title.includes('公众号')) return '公众号';
  return title;
}

/**
 * The footer's hover-to-show QR codes (spec §2.1: public account and mini-program), from the CMS
 * (/Cms/twljlb, 关注我们): the QR is drawn from the item's url, or, for an item without one,
 * its published QR image is shown; the title sits under it. Desktop only (CSS). In the frame's
 * footer, so with antd's configuration of its own.
 */
export function FooterQrCodes() {
  const { data } = useImageLinks(CONTENT_SECTIONS.footerQrCodes.categoryId);
  const items = (data ?? []).filter((item) => item.url || item.image_url);
  if (items.length === 0) return null;
  return (
    <AntdScope>
      <ul className={styles.list} aria-label={CONTENT_SECTIONS.footerQrCodes.label}>
        {items.map((item) => (
          <li key={item.record_id}>
            <Popover
              trigger={['hover', 'focus']}
              placement="top"
              content={
                <figure className={styles.figure}>
                  {item.url ? (
                    <Suspense fallback={null}>
                      <QRCodeSVG value={item.url} size={132} marginSize={1} title={item.content_title} />
                    </Suspense>
                  ) : (
                    <img
                      src={item.image_url}
                      alt={item.content_title}
                      width={132}
                      height={132}
                      className={styles.image}
                    />
                  )}
                  <figcaption className={styles.caption}>{item.content_title}</figcaption>
                </figure>
              }
            >
              <button type="button" className={styles.trigger} aria-label={`${item.content_title}二维码`}>
                {item.content_title.includes('小程序') ? (
                  <AppstoreOutlined aria-hidden />
                ) : (
                  <WechatOutlined aria-hidden />
                )}
                <span>{triggerLabel(item.content_title)}</span>
              </button>
            </Popover>
          </li>
        ))}
      </ul>
    </AntdScope>
  );
}
