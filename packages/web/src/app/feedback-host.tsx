import { message, Modal } from 'antd';
import { useEffect } from 'react';
import { AntdScope } from '@/components/antd-scope';
import { hostFeedback } from '@/lib/feedback';

/**
 * antd's message and Modal holders, in an antd scope of their own, handed to lib/feedback.ts. The
 * app provider loads and mounts this once something is to be said (not with every first page).
 */
export default function FeedbackHost() {
  const [messageApi, messageHolder] = message.useMessage();
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => hostFeedback({ message: messageApi, modal: modalApi }), [messageApi, modalApi]);
  return (
    <AntdScope>
      {messageHolder}
      {modalHolder}
    </AntdScope>
  );
}
