import { Input, Modal } from 'antd';
import { H5, H5_MESSAGES, type H5EntityRecord, type H5UserInfo } from '@credit-portal/shared';
import { useId, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { sendEntityReport } from '../api/send-entity-report';
import styles from './h5.module.css';

/**
 * The entity report by e-mail (spec §2.3, §4, §5): the address (required, no format check), then
 * an inner confirmation showing it with 返回修改 and 发送. Success closes both and shows the
 * sender's message; a failure shows the server's message as an error.
 */
export function EntityReportDialog({
  entity,
  user,
  onClose,
}: {
  entity: H5EntityRecord;
  user: H5UserInfo;
  onClose: () => void;
}) {
  const { message } = useFeedback();
  const [email, setEmail] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const inputId = useId();
  const noteId = useId();

  const next = () => {
    if (email.trim() === '') {
      message.warning(H5_MESSAGES.entityEmailEmpty);
      return;
    }
    setConfirming(true);
  };

  const send = async () => {
    setSending(true);
    try {
      const text = await sendEntityReport(user, entity, email.trim());
      setConfirming(false);
      onClose();
      message.success(text);
    } catch (error) {
      message.error(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Modal
        open
        title="发送信用报告"
        width={H5.outerDialogWidth}
        centered
        okText="确定"
        cancelText="取消"
        onOk={next}
        onCancel={onClose}
      >
        <p className={styles.dialogEntity}>{entity.EntName}</p>
        <label className={styles.fieldLabel} htmlFor={inputId}>
          邮箱地址
        </label>
        <Input
          id={inputId}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="请输入接收报告的邮箱地址"
          aria-describedby={noteId}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          onPressEnter={next}
        />
        <p id={noteId} className={styles.dialogNote}>
          {H5_MESSAGES.entityEmailNote}
        </p>
      </Modal>
      <Modal
        open={confirming}
        title="请确认邮箱地址"
        width={H5.innerDialogWidth}
        centered
        closable={false}
        mask={{ closable: false }}
        okText="发送"
        cancelText="返回修改"
        confirmLoading={sending}
        onOk={() => void send()}
        onCancel={() => setConfirming(false)}
      >
        <p>信用报告将发送至：</p>
        <p className={styles.confirmEmail}>{email.trim()}</p>
      </Modal>
    </>
  );
}
