import { confirmDigestEmail } from '../api/confirm-digest-email';
import { MailedLinkPage } from './mailed-link-page';

/**
 * The confirmation of 信用关注's digest address, opened from the mail sent to it: until its owner
 * confirms here, the address gets no digest (anyone can type anyone's address).
 */
export default function ConfirmEmailPage() {
  return (
    <MailedLinkPage
      heading="确认接收信用关注提醒邮件"
      intro="确认后，本邮箱将接收“信用关注”的每日提醒邮件（每天最多一封）。如非您本人申请，请直接关闭本页，不会发送任何提醒邮件。无需登录。"
      action="确认接收"
      incomplete="请从确认邮件中完整打开确认链接。"
      failedTitle="无法确认邮箱"
      send={async (token) => {
        const { data } = await confirmDigestEmail(token);
        return {
          title: '邮箱已确认',
          text: `关注的主体有新公示的信用信息时，将向 ${data.Email} 每天最多发送一封提醒邮件；邮件中可一键取消关注。`,
        };
      }}
    />
  );
}
