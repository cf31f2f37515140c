import { Link } from 'react-router';
import { SECTIONS, useRouteTable, type AppRoute, type SectionKey } from '../route-kit';
import styles from './web-map-page.module.css';

/** The label a route shows on the site map: the last step of its breadcrumb. */
const mapLabel = (route: AppRoute): string => route.breadcrumb.at(-1)?.label ?? route.label;

/** /index/webMap: every page of the route table that can be opened without a query, by section. */
export default function WebMapPage() {
  const appRoutes = useRouteTable();
  const groups = (Object.keys(SECTIONS) as SectionKey[])
    .map((section) => ({
      section,
      routes: appRoutes.filter((route) => route.section === section && route.inSiteMap),
    }))
    .filter((group) => group.routes.length > 0);
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>网站地图</h1>
      <div className={styles.groups}>
        {groups.map(({ section, routes }) => (
          <section key={section} className={styles.group} aria-labelledby={`webmap-${section}`}>
            <h2 id={`webmap-${section}`} className={styles.groupTitle}>
              {SECTIONS[section]}
            </h2>
            <ul className={styles.links}>
              {routes.map((route) => (
                <li key={route.path}>
                  <Link to={route.path}>{mapLabel(route)}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
