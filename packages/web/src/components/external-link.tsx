import { useState, type ReactNode } from 'react';
import { ExternalLinkDialog } from './external-link-dialog';
import styles from './external-link.module.css';

interface ExternalLinkProps {
  href: string;
  children: ReactNode;
  className?: string;
  /** Tooltip, e.g. the full text of a title shortened with an ellipsis. */
  title?: string;
}

/**
 * A link that leaves the site: a button styled as a link that opens the warning dialog first
 * (a plain anchor would let a modified click skip the warning).
 */
export function ExternalLink({ href, children, className, title }: ExternalLinkProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className ? `${styles.link} ${className}` : styles.link}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        title={title}
      >
        {children}
      </button>
      <ExternalLinkDialog url={open ? href : null} onClose={() => setOpen(false)} />
    </>
  );
}
