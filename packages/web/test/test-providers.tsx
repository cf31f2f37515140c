import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { RuntimeConfig } from '@credit-portal/shared';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { ElderModeProvider } from '@/app/elder-mode';
import FeedbackHost from '@/app/feedback-host';
import { RuntimeConfigContext } from '@/lib/runtime-config';

/**
 * A runtime configuration for component tests that do not start the gateway (the home-page
 * test reads the real one from the gateway). Typed by the shared schema's static type.
 */
export const TEST_RUNTIME_CONFIG: RuntimeConfig = {
  siteName: '信用云州',
  siteCode: '5200000001',
  contactAddress: '云州市政务服务中心',
  contactPhone: '0851-12345678',
  oldSiteUrl: 'https://old.example.gov.cn',
  dataSubmissionUrl: 'https://submit.example.gov.cn/login',
  filingUrl: 'https://beian.miit.gov.cn/',
  filingText: '云ICP备00000000号',
  securityFilingUrl: 'https://beian.mps.gov.cn/',
  securityFilingText: '云公网安备00000000000000号',
  errorReportUrl: 'https://zfwzzc.www.gov.cn/',
  h5TestMode: false,
  faceVerifyUrl: 'http://localhost:8090/faceverify',
  wechatAuthorizeUrl: 'http://localhost:8090/oauth/wechat/authorize',
  sessionIdleSeconds: 1800,
};

/** The app's providers with a fixed runtime configuration and a fresh SWR cache. */
export function TestProviders({
  children,
  config = TEST_RUNTIME_CONFIG,
}: {
  children: ReactNode;
  config?: RuntimeConfig;
}) {
  return (
    <ElderModeProvider>
      <ConfigProvider locale={zhCN}>
        {/* The app's message and dialog holders, mounted at once (the app loads them on first use):
            what is said goes into this tree, which cleanup() removes with its timers. */}
        <FeedbackHost />
        <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
          <RuntimeConfigContext.Provider value={config}>{children}</RuntimeConfigContext.Provider>
        </SWRConfig>
      </ConfigProvider>
    </ElderModeProvider>
  );
}
