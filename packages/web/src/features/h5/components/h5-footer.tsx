import { useRuntimeConfig } from '@/lib/runtime-config';
import styles from './h5.module.css';

/** The H5 app's copyright footer. */
export function H5Footer() {
  const { siteName, contactAddress } = useRuntimeConfig();
  return (
    <footer className={styles.footer}>
      <p>
        Copyright © {new Date().getFullYear()} {siteName} 版权所有
      </p>
      <p>{contactAddress}</p>
    </footer>
  );
}
