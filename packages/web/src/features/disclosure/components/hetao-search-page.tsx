import { Space, Tag } from 'antd';
import { normalizeKeyword, type EntitySearchResult } from '@credit-portal/shared';
import { ENTITY_HEADS } from '@credit-portal/shared/heads/entity';
import { HETAO_HEADS } from '@credit-portal/shared/heads/hetao';
import { Link, useSearchParams } from 'react-router';
import useSWR from 'swr';
import { KeywordSearchBar } from '@/components/keyword-search-bar';
import { QueryState } from '@/components/query-state';
import { call } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import styles from './disclosure.module.css';

/** At most this many entities are checked for one keyword. */
const CHECKED = 10;

/** Whether one entity belongs to the zone, and its labels. */
function Membership({ entity }: { entity: EntitySearchResult }) {
  const query = useSWR([HETAO_HEADS.hetaoLabels.path, entity.ID] as const, async ([, id]) => {
    const { isXyht } = await call(HETAO_HEADS.hetaoCheck, { query: { id } });
    return { isXyht, labels: isXyht ? (await call(HETAO_HEADS.hetaoLabels, { query: { id } })).labels : [] };
  });
  return (
    <QueryState query={query} skeletonRows={1}>
      {({ isXyht, labels }) =>
        isXyht ? (
          <Space size={[4, 4]} wrap>
            <Tag color="green">信用河套企业</Tag>
            {labels.map((label) => (
              <Tag key={label} color="blue">
                {label}
              </Tag>
            ))}
          </Space>
        ) : (
          <Tag>非信用河套企业</Tag>
        )
      }
    </QueryState>
  );
}

/**
 * xyht/search: is an enterprise in the Hetao credit list? The keyword finds entities (name or
 * credit code); each one found says whether it is a member and with which labels.
 */
export default function HetaoSearchPage() {
  const [params, setParams] = useSearchParams();
  // The entity search takes up to 100 characters: a longer address is searched for what fits.
  const keyword = normalizeKeyword(params.get('keyword')).slice(0, 100);
  const query = useSWR(keyword ? ([ENTITY_HEADS.entitySearch.path, keyword] as const) : null, ([, key]) =>
    call(ENTITY_HEADS.entitySearch, { body: { EntNameOrCreditCode: key } }),
  );
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>信用河套查询</h1>
      <p className={styles.intro}>
        输入企业名称或统一社会信用代码，查询该企业是否纳入信用河套企业名录及其信用标签。全部名录见
        <Link to={paths.hetaoList}>信用河套企业名录</Link>。
      </p>
      <KeywordSearchBar
        value={keyword}
        label="企业名称或统一社会信用代码"
        placeholder="请输入企业名称或统一社会信用代码"
        onSearch={(text) => setParams(text ? { keyword: text } : {})}
        onReset={() => setParams({})}
      />
      {keyword ? (
        <QueryState query={query} isEmpty={(entities) => entities.length === 0} size="page">
          {(entities) => (
            <ul className={styles.results}>
              {entities.slice(0, CHECKED).map((entity) => (
                <li key={entity.ID} className={styles.result}>
                  <p className={styles.resultName}>{entity.EntName}</p>
                  <p className={styles.resultCode}>统一社会信用代码：{entity.CreditCode}</p>
                  <Membership entity={entity} />
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      ) : null}
    </div>
  );
}
