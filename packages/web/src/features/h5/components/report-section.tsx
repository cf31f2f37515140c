import { DownOutlined } from '@ant-design/icons';
import { H5_MESSAGES, type InsuranceMonth, type ReportItem, type ReportSection } from '@credit-portal/shared';
import { useId, useState } from 'react';
import styles from './h5.module.css';

/** A report section (spec §3, §4): its title toggles it; the count only above one row; greyed when empty. */
export function ReportSectionBlock({ section }: { section: ReportSection }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  return (
    <section
      className={section.empty ? styles.sectionEmpty : styles.section}
      aria-label={section.title}
      data-empty={section.empty || undefined}
    >
      <button
        type="button"
        className={styles.sectionToggle}
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className={styles.sectionName}>{section.title}</span>
        {section.showCount ? <span className={styles.count}>{section.count}条</span> : null}
        <DownOutlined className={open ? styles.chevronOpen : styles.chevron} aria-hidden />
      </button>
      <div id={regionId} hidden={!open} className={styles.sectionBody}>
        {section.empty ? <p className={styles.muted}>{H5_MESSAGES.noInformation}</p> : null}
        {section.empty ? null : section.items.map((item) => <Item key={item.key} item={item} />)}
      </div>
    </section>
  );
}

function Item({ item }: { item: ReportItem }) {
  return (
    <div className={styles.item}>
      <h3 className={styles.itemTitle}>
        {item.title}
        {item.showCount ? <span className={styles.count}>{item.rows.length}条</span> : null}
      </h3>
      {item.insurance ? (
        <Insurance months={item.insurance} />
      ) : item.displayMode === '1' ? null : item.rows.length === 0 ? (
        <p className={styles.muted}>{H5_MESSAGES.noInformation}</p>
      ) : (
        item.rows.map((row, index) => (
          <dl key={index} className={styles.record}>
            {item.columns.map((column) => (
              <div key={column}>
                <dt>{column}</dt>
                <dd>{row[column]}</dd>
              </div>
            ))}
          </dl>
        ))
      )}
    </div>
  );
}

/** Social insurance: the latest month per payer unit, with each coverage item's amounts. */
function Insurance({ months }: { months: InsuranceMonth[] }) {
  if (months.length === 0) return <p className={styles.muted}>{H5_MESSAGES.noInformation}</p>;
  return (
    <>
      {months.map((month) => (
        <div key={month.payer} className={styles.record}>
          <dl className={styles.insuranceHead}>
            <div>
              <dt>缴费单位</dt>
              <dd>{month.payer}</dd>
            </div>
            <div>
              <dt>缴费时间</dt>
              <dd>{month.paymentTime}</dd>
            </div>
          </dl>
          <table className={styles.insuranceTable}>
            <thead>
              <tr>
                <th scope="col">险种</th>
                <th scope="col">个人缴费金额</th>
                <th scope="col">单位缴费金额</th>
              </tr>
            </thead>
            <tbody>
              {month.items.map((entry) => (
                <tr key={entry.coverage}>
                  <th scope="row">{entry.coverage}</th>
                  <td>{entry.personal}</td>
                  <td>{entry.unit}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </>
  );
}
