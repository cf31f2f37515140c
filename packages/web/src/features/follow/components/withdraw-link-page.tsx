import { withdrawMailByLink } from '../api/withdraw-mail';
import { MailedLinkPage } from './mailed-link-page';

/** Every 信用关注 mail's one-click withdrawal of the consent to the mails: the signed token names whose. */
export default function WithdrawLinkPage() {
  return (
    <MailedLinkPage
      heading="撤回接收提醒邮件的同意"
      intro="确认后，将不再向您的邮箱发送任何信用关注提醒邮件，并删除您保存的邮箱地址；关注的主体和站内提醒不变。无需登录。"
      action="确认撤回"
      incomplete="请从提醒邮件中完整打开撤回链接。"
      failedTitle="无法撤回"
      send={async (token) => {
        const { data, message } = await withdrawMailByLink(token);
        return data.Withdrawn ? { title: '已撤回', text: message } : { title: '无需重复撤回', text: message };
      }}
    />
  );
}
