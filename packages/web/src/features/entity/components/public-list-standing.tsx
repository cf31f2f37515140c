import type { PublicListEntry, PublicListStanding } from '@credit-portal/shared';
import { LiteTag } from '@/components/lite/lite-tag';
import styles from './entity-details-page.module.css';

/** A record's state tag: red while an adverse record is in force, green for a good one, grey once over. */
function StateTag({ entry, adverse }: { entry: PublicListEntry; adverse: boolean }) {
  const color = !entry.InForce ? 'default' : adverse ? 'error' : 'success';
  return <LiteTag color={color}>{entry.State}</LiteTag>;
}

/**
 * The entity's standing on the portal's other public lists (经营异常名录, 重大税收违法失信主体, …),
 * the same answer the enterprise report and the 专项信用报告 print: each list the entity is on with
 * its publisher and records, then the lists it is not on in one line, so that every list searched
 * is named.
 */
export function PublicListStandingSection({ lists }: { lists: readonly PublicListStanding[] }) {
  const listed = lists.filter((list) => list.Entries.length > 0);
  const clear = lists.filter((list) => list.Entries.length === 0);
  return (
    <>
      {listed.length > 0 ? (
        <ul className={styles.cards} aria-label="列入的公示名单">
          {listed.map((list) =>
            list.Entries.map((entry) => (
              <li key={`${list.Key}-${entry.id}`} className={styles.card}>
                <div className={styles.cardHead}>
                  <LiteTag color={list.Adverse ? 'error' : 'success'} variant="solid">
                    {list.Label}
                  </LiteTag>
                  <StateTag entry={entry} adverse={list.Adverse} />
                </div>
                <dl className={styles.pairs}>
                  <dt>记录内容</dt>
                  <dd>{entry.Matter}</dd>
                  {entry.DocNo ? (
                    <>
                      <dt>文书（案）号</dt>
                      <dd>{entry.DocNo}</dd>
                    </>
                  ) : null}
                  <dt>决定机关</dt>
                  <dd>{entry.Authority}</dd>
                  <dt>列入日期</dt>
                  <dd>{entry.ListedOn}</dd>
                  {entry.ValidUntil ? (
                    <>
                      <dt>有效期至</dt>
                      <dd>{entry.ValidUntil}</dd>
                    </>
                  ) : null}
                  <dt>发布单位</dt>
                  <dd>{list.Source}</dd>
                </dl>
              </li>
            )),
          )}
        </ul>
      ) : null}
      {clear.length > 0 ? (
        <p className={`${styles.clean} ${listed.length > 0 ? styles.cleanAfter : ''}`}>
          未列入：{clear.map((list) => list.Label).join('、')}。
        </p>
      ) : null}
    </>
  );
}
