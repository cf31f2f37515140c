import { Button, Input, Modal } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { H5_MESSAGES, isEmailAddress, type H5UserInfo } from '@credit-portal/shared';
import { useId, useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { sendReportPdf } from '../api/get-report-data';
import { personalReportAddress } from '../api/open-personal-report';
import { leaveApp } from '../h5-navigation';
import styles from './h5.module.css';

/**
 * 发送报告至邮箱 (spec §2.3, §5, §8): not closable by clicking outside; the address is required and
 * must look like one; Status 10 means sent. Above the address, 直接下载 PDF opens the report's
 * PDF by the two encrypted token steps, so that 下载报告 also downloads.
 */
export function ReportEmailDialog({
  user,
  reportNumber,
  onClose,
}: {
  user: H5UserInfo;
  reportNumber: string;
  onClose: () => void;
}) {
  const { message } = useFeedback();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [opening, setOpening] = useState(false);
  const inputId = useId();

  const download = async () => {
    setOpening(true);
    try {
      leaveApp(await personalReportAddress(user));
    } catch (error) {
      message.error(errorMessage(error));
    } finally {
      setOpening(false);
    }
  };

  const send = async () => {
    const address = email.trim();
    if (address === '') {
      message.error(H5_MESSAGES.reportEmailEmpty);
      return;
    }
    if (!isEmailAddress(address)) {
      message.error(H5_MESSAGES.reportEmailInvalid);
      return;
    }
    setSending(true);
    try {
      await sendReportPdf(user, reportNumber, address);
      message.success(H5_MESSAGES.reportMailSent);
      onClose();
    } catch (error) {
      // The report service answered with a Status other than 10: not sent. Anything else says why.
      const refused = error instanceof ApiError && typeof error.code === 'number';
      message.error(refused ? H5_MESSAGES.reportMailFailed : errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open
      title="发送报告至邮箱"
      centered
      mask={{ closable: false }}
      okText="确定"
      cancelText="取消"
      confirmLoading={sending}
      onOk={() => void send()}
      onCancel={onClose}
    >
      <p className={styles.dialogLead}>可直接下载报告 PDF，或将报告发送至您的邮箱。</p>
      <Button block icon={<DownloadOutlined aria-hidden />} loading={opening} onClick={() => void download()}>
        直接下载 PDF
      </Button>
      <label className={styles.fieldLabel} htmlFor={inputId}>
        邮箱地址
      </label>
      <Input
        id={inputId}
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="请输入接收报告的邮箱地址"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        onPressEnter={() => void send()}
      />
    </Modal>
  );
}
