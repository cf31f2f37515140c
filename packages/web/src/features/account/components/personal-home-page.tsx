import {
  AuditOutlined,
  BellOutlined,
  DatabaseOutlined,
  FileProtectOutlined,
  IdcardOutlined,
  KeyOutlined,
  LinkOutlined,
  MobileOutlined,
  SearchOutlined,
  UserDeleteOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import { RequireLogin } from '@/components/require-login';
import type { LoginSession } from '@/lib/login-session';
import { paths } from '@/lib/paths';
import { useOldSitePersonal } from '../hooks/use-old-site-personal';
import styles from './account.module.css';

interface Entry {
  key: string;
  title: string;
  text: string;
  icon: ReactNode;
  to?: string;
  /** Opens the old site's personal centre (a one-time code first, then the page). */
  oldSite?: true;
}

function entries(session: LoginSession, oldSite: boolean): Entry[] {
  const list: Entry[] = [
    {
      key: 'me',
      title: '我的账号',
      text: '查看登录方式、绑定情况与登录有效期',
      icon: <IdcardOutlined />,
      to: paths.myCenter,
    },
    {
      key: 'filings',
      title: '我的办件',
      text: '查看信用修复、信用异议申请的办理进度',
      icon: <AuditOutlined />,
      to: paths.myFilings,
    },
    // A chat-app login has no password of its own (a bound account's is changed from its mobile login).
    ...(session.kind === 'User'
      ? [
          {
            key: 'password',
            title: '修改密码',
            text: '修改登录密码，其他设备上的登录将退出',
            icon: <KeyOutlined />,
            to: paths.changePassword,
          },
        ]
      : []),
    session.kind === 'User'
      ? {
          key: 'bind',
          title: '绑定微信',
          text: '绑定后可使用微信扫码登录本账号',
          icon: <WechatOutlined />,
          to: paths.bindWechat,
        }
      : {
          key: 'bind',
          title: '绑定手机账号',
          text: '将当前微信身份绑定到手机号码账号',
          icon: <MobileOutlined />,
          to: paths.bindMobile,
        },
    {
      key: 'follow',
      title: '信用关注',
      text: '关注企业，新的许可、处罚等信用信息公示时提醒您',
      icon: <BellOutlined />,
      to: paths.follows,
    },
    {
      key: 'promise',
      title: '信用承诺',
      text: '在线填报信用承诺，查看承诺审核状态',
      icon: <FileProtectOutlined />,
      to: paths.promiseInfo,
    },
    {
      key: 'mydata',
      title: '我的数据',
      text: '查阅、下载本网站保存的您的个人信息',
      icon: <DatabaseOutlined />,
      to: paths.myData,
    },
    ...(session.kind === 'User'
      ? [
          {
            key: 'close',
            title: '注销账号',
            text: '验证密码和短信验证码后注销本账号',
            icon: <UserDeleteOutlined />,
            to: paths.closeAccount,
          },
        ]
      : []),
    {
      key: 'search',
      title: '信用主体查询',
      text: '查询企业、个体工商户等信用主体',
      icon: <SearchOutlined />,
      to: paths.searchMore,
    },
  ];
  if (oldSite) {
    list.push({
      key: 'old',
      title: '个人资料',
      text: '在原网站维护个人资料、办理数据报送',
      icon: <LinkOutlined />,
      oldSite: true,
    });
  }
  return list;
}

/** What the route table shows inside an entry, by its key (信用关注's unread count): features stay apart. */
export type EntryExtras = Partial<Record<string, ComponentType>>;

function PersonalHome({ session, extras }: { session: LoginSession; extras?: EntryExtras }) {
  const personal = useOldSitePersonal();
  return (
    <div className={styles.panel}>
      <h1 className={styles.heading}>个人中心</h1>
      <p className={styles.welcome}>
        您好，<strong>{session.displayName}</strong>
        <span className={styles.welcomeNote}>（{session.kind === 'User' ? '手机号码账号' : '微信'}登录）</span>
      </p>
      <ul className={styles.entries}>
        {entries(session, personal.available).map((entry) => {
          const Extra = extras?.[entry.key];
          const content = (
            <>
              <span className={styles.entryIcon} aria-hidden>
                {entry.icon}
              </span>
              <span className={styles.entryTitle}>{entry.title}</span>
              <span className={styles.entryText}>{entry.text}</span>
              {Extra ? (
                <Suspense fallback={null}>
                  <Extra />
                </Suspense>
              ) : null}
            </>
          );
          return (
            <li key={entry.key}>
              {entry.to ? (
                <Link to={entry.to} className={styles.entry}>
                  {content}
                </Link>
              ) : (
                <button
                  type="button"
                  className={`${styles.entry} ${styles.entryButton}`}
                  aria-busy={personal.busy}
                  disabled={personal.busy}
                  onClick={() => void personal.open()}
                >
                  {content}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The personal centre (spec §2.1 grzx, and the named route PersonalCenter): what a logged-in user can do (信用关注 among it). */
export default function PersonalHomePage({ entryExtras }: { entryExtras?: EntryExtras }) {
  return <RequireLogin>{(session) => <PersonalHome session={session} extras={entryExtras} />}</RequireLogin>;
}
