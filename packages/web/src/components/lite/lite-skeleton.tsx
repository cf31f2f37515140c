import 'virtual:antd-look/Skeleton';

/** antd's default widths without an avatar: the title 38 %, the last paragraph line 61 %. */
const TITLE_WIDTH = '38%';
const LAST_LINE_WIDTH = '61%';

/**
 * antd's active Skeleton (title and paragraph lines) as it renders, with its classes and static
 * style sheet, without its script: the place-holder of every page's loading and of the home page's
 * blocks.
 */
export function LiteSkeleton({ rows, title = true }: { rows: number; title?: boolean }) {
  return (
    <div className="ant-skeleton ant-skeleton-active cp-antd">
      <div className="ant-skeleton-section">
        {title ? <h3 className="ant-skeleton-title" style={{ width: TITLE_WIDTH }} /> : null}
        <ul className="ant-skeleton-paragraph">
          {Array.from({ length: rows }, (_, index) => (
            <li key={index} style={index === rows - 1 ? { width: LAST_LINE_WIDTH } : undefined} />
          ))}
        </ul>
      </div>
    </div>
  );
}
