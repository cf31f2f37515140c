import 'virtual:antd-look/Spin';

/**
 * antd's large Spin with its description as it renders, with its classes and static style sheet,
 * without its script: the app's loading state before the runtime configuration.
 */
export function LiteSpin({ description }: { description: string }) {
  return (
    <div
      className="ant-spin ant-spin-lg ant-spin-spinning ant-spin-section cp-antd"
      aria-live="polite"
      aria-busy="true"
    >
      <span className="ant-spin-dot-holder">
        <span className="ant-spin-dot ant-spin-dot-spin">
          <i className="ant-spin-dot-item" />
          <i className="ant-spin-dot-item" />
          <i className="ant-spin-dot-item" />
          <i className="ant-spin-dot-item" />
        </span>
      </span>
      <div className="ant-spin-description">{description}</div>
    </div>
  );
}
