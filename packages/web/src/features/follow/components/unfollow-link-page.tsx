import { unfollowByLink } from '../api/unfollow-by-link';
import { MailedLinkPage } from './mailed-link-page';

/** The digest mail's one-click unfollow: the signed token names the follow it ends. */
export default function UnfollowLinkPage() {
  return (
    <MailedLinkPage
      heading="取消信用关注"
      intro="确认后，将不再收到该主体的信用提醒（站内提醒和邮件）。无需登录。"
      action="确认取消关注"
      incomplete="请从提醒邮件中完整打开取消关注链接。"
      failedTitle="无法取消关注"
      send={async (token) => {
        const { data, message } = await unfollowByLink(token);
        return data.Unfollowed
          ? { title: '已取消关注', text: `您将不再收到“${data.EntName}”的信用提醒。` }
          : { title: message, text: `“${data.EntName}”已不在您的关注列表中。` };
      }}
    />
  );
}
