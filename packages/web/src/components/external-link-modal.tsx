import { Modal, Typography } from 'antd';
import { MESSAGES } from '@credit-portal/shared';
import { isHttpUrl } from '@/lib/format';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { AntdScope } from './antd-scope';
import styles from './external-link-dialog.module.css';

export interface ExternalLinkDialogProps {
  /** The address to leave for; null keeps the dialog closed. */
  url: string | null;
  onClose: () => void;
}

/**
 * The 温馨提示 warning shown before the visitor leaves the site (spec §2.1 footer, §4 external
 * link items): states the address and the site being left; 确定 opens the address in a new tab.
 * Only http(s) addresses can be opened, so a bad CMS entry can never run script. Loaded by
 * ExternalLinkDialog (external-link-dialog.tsx) the first time it opens, with antd's configuration
 * (the dialog is also opened from the frame: the banner and the footer's links).
 */
export default function ExternalLinkModal({ url, onClose }: ExternalLinkDialogProps) {
  const { siteName } = useRuntimeConfig();
  const openable = url !== null && isHttpUrl(url);
  const confirm = () => {
    if (openable) window.open(url, '_blank', 'noopener,noreferrer');
    onClose();
  };
  return (
    <AntdScope>
      <Modal
        open={url !== null}
        title={MESSAGES.externalLinkTitle}
        okText="确定"
        cancelText="取消"
        onOk={confirm}
        onCancel={onClose}
        okButtonProps={{ disabled: !openable }}
        width={{ xs: '80vw', sm: '80vw', md: '30%' }}
        centered
        destroyOnHidden
      >
        <p className={styles.text}>您即将离开“{siteName}”，访问以下地址：</p>
        <Typography.Paragraph className={styles.address} copyable={openable ? { text: url } : false}>
          {url}
        </Typography.Paragraph>
        {openable ? (
          <p className={styles.text}>该地址不属于本网站，是否继续访问？</p>
        ) : (
          <p className={styles.text}>该链接地址无效，无法访问。</p>
        )}
      </Modal>
    </AntdScope>
  );
}
