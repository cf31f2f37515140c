import { Button, Modal } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import styles from './account.module.css';

export interface IdleWarningModalProps {
  /** When the login ends, ms since the epoch. */
  end: number;
  /** The keep-alive call of 继续使用 is under way. */
  extending: boolean;
  onContinue: () => void;
  onLogout: () => void;
}

/**
 * The warning a minute before an unused login ends (idle-logout.tsx), with the seconds left.
 * 继续使用 has the focus, so Enter or Space keeps the login; Esc does too; 立即退出 logs out now.
 * Loaded the first time it shows.
 */
export default function IdleWarningModal({ end, extending, onContinue, onLogout }: IdleWarningModalProps) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.ceil((end - now) / 1000));
  return (
    <Modal
      open
      title={
        <span className={styles.idleTitle}>
          <ClockCircleOutlined aria-hidden /> 登录即将超时
        </span>
      }
      closable={false}
      mask={{ closable: false }}
      onCancel={onContinue}
      centered
      width={{ xs: '90vw', sm: '26rem' }}
      footer={[
        <Button key="logout" onClick={onLogout}>
          立即退出
        </Button>,
        <Button key="continue" type="primary" loading={extending} onClick={onContinue} autoFocus>
          继续使用
        </Button>,
      ]}
    >
      <p className={styles.idleText}>
        您已较长时间未操作，登录将在 <strong className={styles.idleCount}>{left}</strong> 秒后自动退出。
      </p>
      <p className={styles.idleNote}>如需继续使用，请点击“继续使用”。</p>
    </Modal>
  );
}
