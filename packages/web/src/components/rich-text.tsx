import { useMemo, useState, type MouseEvent } from 'react';
import { leavingSiteFor, sanitizeHtml } from '@/lib/sanitize-html';
import { ExternalLinkDialog } from './external-link-dialog';
import styles from './rich-text.module.css';

interface RichTextProps {
  /** HTML from the CMS; sanitized here before it reaches the page. */
  html: string;
  className?: string;
}

/**
 * CMS HTML on the page: sanitized with DOMPurify (no scripts, handlers, styles or frames),
 * images loading lazily, and links that leave the site going through the 温馨提示 dialog.
 */
export function RichText({ html, className }: RichTextProps) {
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  const [leaving, setLeaving] = useState<string | null>(null);
  // Only clicks on the links inside are intercepted; the links stay keyboard-operable.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as Element).closest('a[href]');
    const leavingFor = anchor ? leavingSiteFor(anchor.getAttribute('href') ?? '') : null;
    if (leavingFor !== null) {
      event.preventDefault();
      // The address as the browser would resolve it (a protocol-relative link shown in full).
      setLeaving(leavingFor);
    }
  };
  return (
    <>
      <div
        className={className ? `${styles.body} ${className}` : styles.body}
        onClick={onClick}
        dangerouslySetInnerHTML={{ __html: safe }}
      />
      <ExternalLinkDialog url={leaving} onClose={() => setLeaving(null)} />
    </>
  );
}
