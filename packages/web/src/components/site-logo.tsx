import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import styles from './site-logo.module.css';

/** The portal's emblem: a shield with a check mark (credit that can be trusted). */
export function LogoMark({ size = 40, inverted = false }: { size?: number; inverted?: boolean }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden focusable="false" className={styles.mark}>
      <rect width="64" height="64" rx="14" fill={inverted ? '#fff' : '#0b4ea2'} />
      <path
        d="M32 10 50 17v14c0 11.6-7.6 20.6-18 23-10.4-2.4-18-11.4-18-23V17z"
        fill="none"
        stroke={inverted ? '#0b4ea2' : '#fff'}
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <path
        d="m23 32 6.5 6.5L42 26"
        fill="none"
        stroke={inverted ? '#d48806' : '#ffd666'}
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

interface SiteLogoProps {
  siteName: string;
  /** 'large' in the header, 'small' in the compact bar. */
  size?: 'large' | 'small';
  /** Light text on dark backgrounds. */
  inverted?: boolean;
}

/** The emblem and site name, linking home. */
export function SiteLogo({ siteName, size = 'large', inverted = false }: SiteLogoProps) {
  const classes = [styles.logo, size === 'small' ? styles.small : '', inverted ? styles.inverted : ''].filter(Boolean);
  return (
    <Link to={paths.home} className={classes.join(' ')} aria-label={`${siteName}首页`}>
      <LogoMark size={size === 'small' ? 28 : 48} inverted={inverted} />
      <span className={styles.name}>{siteName}</span>
    </Link>
  );
}
