import { Link, useLocation } from 'react-router';
import { ScrollStrip } from '@/components/scroll-strip';
import { paths } from '@/lib/paths';
import styles from './interaction.module.css';

const ITEMS = [
  { path: paths.interaction, label: '互动首页' },
  { path: paths.interactionHome, label: '留言板' },
  { path: paths.interactionList, label: '留言列表' },
  { path: paths.interactionSearch, label: '留言查询' },
  { path: paths.interactionStatistics, label: '留言统计' },
] as const;

/** The interaction section's own navigation, on each of its pages. */
export function InteractionNav() {
  const { pathname } = useLocation();
  const current = pathname.toLowerCase();
  return (
    <nav aria-label="互动交流栏目" className={styles.nav}>
      <ScrollStrip>
        <ul>
          {ITEMS.map((item) => {
            const path = item.path.toLowerCase();
            // Statistics details belong to 留言统计; a message belongs to no tab.
            const active =
              current === path ||
              (path === paths.interactionStatistics.toLowerCase() && current.startsWith(`${path}/`));
            return (
              <li key={item.path}>
                <Link
                  to={item.path}
                  aria-current={active ? 'page' : undefined}
                  className={active ? styles.active : undefined}
                >
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </ScrollStrip>
    </nav>
  );
}
