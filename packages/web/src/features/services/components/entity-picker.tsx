import { Button, Input, Tag } from 'antd';
import { normalizeKeyword, type EntitySearchResult } from '@credit-portal/shared';
import { useId, useState } from 'react';
import { Pager } from '@/components/pager';
import { QueryState } from '@/components/query-state';
import { useEntitySearch } from '../api/search-entities';
import styles from './services.module.css';

const PICKER_PAGE_SIZE = 5;

/** Finds an entity by name keyword or credit code and picks one (the reports are about one entity). */
export function EntityPicker({ onPick }: { onPick: (entity: EntitySearchResult) => void }) {
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const inputId = useId();
  const query = useEntitySearch(keyword);
  return (
    <div>
      <form
        role="search"
        className={styles.searchRow}
        onSubmit={(event) => {
          event.preventDefault();
          setKeyword(normalizeKeyword(draft));
          setPage(1);
        }}
      >
        <div className={styles.searchField}>
          <label htmlFor={inputId}>企业名称或统一社会信用代码</label>
          <Input
            id={inputId}
            value={draft}
            maxLength={100}
            allowClear
            placeholder="请输入企业名称关键字或18位统一社会信用代码"
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <Button type="primary" htmlType="submit" disabled={!normalizeKeyword(draft)}>
          查询主体
        </Button>
      </form>
      {keyword ? (
        <div className={styles.searchResults}>
          <QueryState query={query} isEmpty={(list) => list.length === 0}>
            {(list) => (
              <>
                <p className={styles.meta} aria-live="polite">
                  共找到 {list.length} 个主体
                </p>
                <ul className={styles.results}>
                  {list.slice((page - 1) * PICKER_PAGE_SIZE, page * PICKER_PAGE_SIZE).map((entity) => (
                    <li key={entity.ID} className={styles.result}>
                      <div>
                        <p className={styles.resultName}>
                          {entity.EntName} <Tag>{entity.Status}</Tag>
                        </p>
                        <p className={styles.resultMeta}>统一社会信用代码：{entity.CreditCode}</p>
                      </div>
                      <Button onClick={() => onPick(entity)} aria-label={`选择：${entity.EntName}`}>
                        选择
                      </Button>
                    </li>
                  ))}
                </ul>
                <Pager current={page} total={list.length} pageSize={PICKER_PAGE_SIZE} onChange={setPage} />
              </>
            )}
          </QueryState>
        </div>
      ) : null}
    </div>
  );
}
