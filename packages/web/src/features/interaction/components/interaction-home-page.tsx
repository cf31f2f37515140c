import { Tabs } from 'antd';
import { INTERACTION_TYPES, type InteractionType } from '@credit-portal/shared';
import { Link } from 'react-router';
import { QueryState } from '@/components/query-state';
import { paths, withQuery } from '@/lib/paths';
import { useMessages } from '../api/get-messages';
import { TYPE_KEYS } from '../interaction-labels';
import { InteractionNav } from './interaction-nav';
import { MessageList } from './message-list';
import styles from './interaction.module.css';

const PER_TYPE = 8;

function LatestOfType({ type }: { type: InteractionType }) {
  const query = useMessages({ type, pageIndex: 1, pageSize: PER_TYPE });
  return (
    <QueryState query={query} isEmpty={(page) => page.list.length === 0} skeletonRows={PER_TYPE}>
      {(page) => (
        <>
          <MessageList items={page.list} compact />
          <Link to={withQuery(paths.interactionList, { type })} className={styles.more}>
            查看全部{page.totalCount}条{INTERACTION_TYPES[type]}留言 →
          </Link>
        </>
      )}
    </QueryState>
  );
}

/** hdjl/Home: the message board — what to know before writing, and the latest messages of each type. */
export default function InteractionHomePage() {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>留言板</h1>
      <InteractionNav />
      <aside className={styles.notice} aria-label="留言须知">
        <strong>留言须知</strong>
        <ol>
          <li>请遵守国家法律法规，文明用语，不得发布涉及国家秘密、商业秘密和个人隐私的内容。</li>
          <li>咨询、投诉、建议由相关部门在10个工作日内答复；情况复杂的，答复时间可适当延长并告知留言人。</li>
          <li>涉及个人信息的留言不予公开，答复结果通过留言人预留的联系方式告知。</li>
          <li>已进入诉讼、仲裁、行政复议等法定程序的事项，请按相应程序办理。</li>
        </ol>
      </aside>
      <Tabs
        items={TYPE_KEYS.map((type) => ({
          key: type,
          label: `${INTERACTION_TYPES[type]}类留言`,
          children: <LatestOfType type={type} />,
        }))}
      />
    </div>
  );
}
