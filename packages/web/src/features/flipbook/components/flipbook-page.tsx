import { BookOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { paths, withQuery } from '@/lib/paths';
import { useBookshelf, useFlipbook } from '../api/get-flipbook';
import { FlipbookViewer } from './flipbook-viewer';
import styles from './flipbook-page.module.css';

function Bookshelf() {
  const query = useBookshelf();
  return (
    <div className={styles.panel}>
      <h1 className={styles.heading}>信用读本</h1>
      <p className={styles.lead}>选择一本读本在线翻阅，可用鼠标拖动书角、点击按钮或按左右方向键翻页。</p>
      <QueryState query={query} isEmpty={(books) => books.length === 0} size="page">
        {(books) => (
          <ul className={styles.shelf}>
            {books.map((book) => (
              <li key={book.record_id}>
                <Link to={withQuery(paths.flipbook, { record_id: book.record_id })} className={styles.book}>
                  <img src={book.image_url} alt="" className={styles.cover} loading="lazy" width={184} height={240} />
                  <span className={styles.bookTitle}>
                    <BookOutlined aria-hidden /> {book.content_title}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

function Book({ recordId }: { recordId: string }) {
  const query = useFlipbook(recordId);
  return (
    <QueryState query={query} isEmpty={(book) => book.data.length === 0} skeletonRows={12} size="page">
      {(book) => (
        <div className={styles.panel}>
          <h1 className={styles.heading}>{book.title}</h1>
          <FlipbookViewer title={book.title} pages={book.data.map((page) => page.file_Url)} />
          <p className={styles.back}>
            <Link to={paths.flipbook}>← 返回读本列表</Link>
          </p>
        </div>
      )}
    </QueryState>
  );
}

/** /xydb?record_id=: a credit reading book as a page-turn flipbook; without a book, the shelf of books. */
export default function FlipbookPage() {
  const [searchParams] = useSearchParams();
  const recordId = searchParams.get('record_id')?.trim() || null;
  return recordId ? <Book key={recordId} recordId={recordId} /> : <Bookshelf />;
}
