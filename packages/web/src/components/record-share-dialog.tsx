import { Button, Input, Modal } from 'antd';
import { AntdScope } from './antd-scope';

/**
 * The link to copy by hand, when the browser allowed no copying (record-share.tsx): antd's dialog
 * in a chunk of its own, loaded only then, so that a record's page loads none of antd for it.
 */
export default function ManualCopyDialog({ address, onClose }: { address: string; onClose: () => void }) {
  return (
    <AntdScope>
      <Modal open title="复制链接" onCancel={onClose} footer={<Button onClick={onClose}>关闭</Button>}>
        <p>浏览器未允许自动复制，请选中下面的链接后复制（Ctrl+C，手机上长按）：</p>
        <Input.TextArea
          aria-label="本页链接"
          readOnly
          autoSize
          value={address}
          onFocus={(event) => event.currentTarget.select()}
        />
      </Modal>
    </AntdScope>
  );
}
