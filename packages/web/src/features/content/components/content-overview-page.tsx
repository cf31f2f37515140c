import { Col, Row } from 'antd';
import { ContentLinkList } from '@/components/content-link-list';
import { QueryState } from '@/components/query-state';
import { SectionCard } from '@/components/section-card';
import { WidgetBoundary } from '@/components/widget-boundary';
import { useContentList } from '../api/get-content-list';
import { sectionInfo, type SectionLink } from '../content-sections';
import styles from './content-page.module.css';

/** Items per overview block. */
const BLOCK_SIZE = 7;

function OverviewBlock({ block }: { block: SectionLink }) {
  const { categoryId, label } = sectionInfo(block.section);
  const query = useContentList({ categoryId, pageIndex: 1, pageSize: BLOCK_SIZE });
  return (
    <SectionCard title={label} morePath={block.listPath}>
      <QueryState
        query={query}
        select={(data) => data.list}
        isEmpty={(items) => items.length === 0}
        skeletonRows={BLOCK_SIZE - 1}
        reserve="var(--cp-block-list-height)"
      >
        {(items) => <ContentLinkList items={items} detailsBase={block.detailsBase} />}
      </QueryState>
    </SectionCard>
  );
}

export interface ContentOverviewPageProps {
  heading: string;
  blocks: readonly SectionLink[];
  /** A short introduction shown above the blocks (the heading is then shown too). */
  intro?: readonly string[];
}

/** A section's landing page (xydt, zcfg, lhjc): the latest items of each of its sub-sections. */
export default function ContentOverviewPage({ heading, blocks, intro }: ContentOverviewPageProps) {
  return (
    <div className={styles.grid}>
      {intro ? (
        <section className={styles.intro} aria-labelledby="overview-heading">
          <h1 id="overview-heading" className={styles.introHeading}>
            {heading}
          </h1>
          {intro.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </section>
      ) : (
        <h1 className="visually-hidden">{heading}</h1>
      )}
      <Row gutter={[24, 24]}>
        {blocks.map((block) => (
          <Col key={block.section} xs={24} lg={12}>
            <WidgetBoundary>
              <OverviewBlock block={block} />
            </WidgetBoundary>
          </Col>
        ))}
      </Row>
    </div>
  );
}
