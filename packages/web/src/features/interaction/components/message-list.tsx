import { Tag } from 'antd';
import { INTERACTION_STATUSES, INTERACTION_TYPES, type InteractionListItem } from '@credit-portal/shared';
import { Link } from 'react-router';
import { detailsPath, paths } from '@/lib/paths';
import { STATUS_COLORS, TYPE_COLORS, dayOf } from '../interaction-labels';
import styles from './interaction.module.css';

/** Messages as rows: type, title (opens the message), number, writer, date, state and department. */
export function MessageList({ items, compact = false }: { items: readonly InteractionListItem[]; compact?: boolean }) {
  return (
    <ul className={compact ? `${styles.messages} ${styles.compact}` : styles.messages}>
      {items.map((item) => (
        <li key={item.id} className={styles.message}>
          <div className={styles.messageHead}>
            <Tag color={TYPE_COLORS[item.type]} className={styles.typeTag}>
              {INTERACTION_TYPES[item.type]}
            </Tag>
            <Link to={detailsPath(paths.interactionDetail, item.id)} className={styles.messageTitle}>
              {item.title}
            </Link>
            <Tag color={STATUS_COLORS[item.status]} className={styles.statusTag}>
              {INTERACTION_STATUSES[item.status]}
            </Tag>
          </div>
          <p className={styles.messageMeta}>
            <span>编号：{item.code}</span>
            <span>留言人：{item.asker}</span>
            <span>
              留言时间：<time dateTime={dayOf(item.createdAt)}>{dayOf(item.createdAt)}</time>
            </span>
            {compact ? null : <span>办理单位：{item.dept}</span>}
          </p>
        </li>
      ))}
    </ul>
  );
}
