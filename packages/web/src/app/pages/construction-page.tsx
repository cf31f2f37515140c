import { UnderConstruction } from '@/components/under-construction';
import styles from './construction-page.module.css';

/** index/construction: the under-construction placeholder page (spec §2.1: 建设中...). */
export default function ConstructionPage() {
  return (
    <div className={styles.page}>
      <h1 className="visually-hidden">建设中</h1>
      <UnderConstruction />
    </div>
  );
}
