import { RichText } from '@/components/rich-text';
import { telHref } from '@/lib/format';
import { SectionDocument } from './section-document';
import styles from './about.module.css';

/** The office record's structured fields (its `extra`), in display order. */
const OFFICE_FIELDS = [
  ['address', '办公地址'],
  ['hours', '办公时间'],
  ['phone', '咨询电话'],
  ['postcode', '邮政编码'],
] as const;

/** index/bgs: the office page from the CMS — its contact details as a card, then its text. */
export default function OfficePage() {
  return (
    <div className={styles.page}>
      <SectionDocument section="office">
        {(document) => {
          const extra = document.extra ?? {};
          const fields = OFFICE_FIELDS.filter(([key]) => extra[key]);
          return (
            <article>
              <h1 className={styles.heading}>{document.content_title}</h1>
              {fields.length > 0 ? (
                <dl className={styles.contact}>
                  {fields.map(([key, label]) => (
                    <div key={key} className={styles.contactRow}>
                      <dt>{label}</dt>
                      <dd>{key === 'phone' ? <a href={telHref(extra[key]!)}>{extra[key]}</a> : extra[key]}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              <RichText html={document.content} />
            </article>
          );
        }}
      </SectionDocument>
    </div>
  );
}
