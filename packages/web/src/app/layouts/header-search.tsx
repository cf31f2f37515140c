import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import { MESSAGES, normalizeKeyword } from '@credit-portal/shared';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { searchListPath } from '@/lib/paths';
import { LiteButton } from '@/components/lite/lite-button';
import { LiteInput } from '@/components/lite/lite-input';
import { useFeedback } from '@/lib/feedback';
import { OFFERED_SUBJECTS, SEARCH_SUBJECTS } from './search-subjects';
import styles from './header-search.module.css';

interface HeaderSearchProps {
  /** 'hero': the big box on the home banner; 'inline': the header of other pages and the menu drawer. */
  variant: 'hero' | 'inline';
  /** Called after a search navigates (the drawer closes itself). */
  onSearched?: () => void;
}

const subject = OFFERED_SUBJECTS[0] ?? SEARCH_SUBJECTS[0]!;

/**
 * The header search (spec §2.1, §5): Enter or the button runs it; an empty keyword warns
 * 请输入关键字查询 and stays; otherwise it opens the search list with searchKey.
 */
export function HeaderSearch({ variant, onSearched }: HeaderSearchProps) {
  const [value, setValue] = useState('');
  const navigate = useNavigate();
  const { message } = useFeedback();
  const inputId = useId();

  const submit = () => {
    const keyword = normalizeKeyword(value);
    if (!keyword) {
      void message.warning(MESSAGES.emptySearch);
      return;
    }
    void navigate(searchListPath(keyword));
    onSearched?.();
  };

  return (
    <form
      role="search"
      aria-label={subject.label}
      className={variant === 'hero' ? `${styles.search} ${styles.hero}` : `${styles.search} ${styles.inline}`}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {variant === 'hero' ? (
        <div className={styles.tabs}>
          {OFFERED_SUBJECTS.map((offered) => (
            <span key={offered.key} className={styles.tab} aria-current="true">
              {offered.label}
            </span>
          ))}
        </div>
      ) : null}
      <div className={styles.row}>
        <label htmlFor={inputId} className="visually-hidden">
          {subject.label}
        </label>
        <LiteInput
          id={inputId}
          className={styles.input}
          size={variant === 'hero' ? 'large' : 'middle'}
          placeholder={subject.placeholder}
          value={value}
          maxLength={100}
          onChange={setValue}
        />
        <LiteButton
          className={styles.button}
          type="primary"
          htmlType="submit"
          size={variant === 'hero' ? 'large' : 'middle'}
          icon={SearchOutlined}
        >
          搜索
        </LiteButton>
      </div>
    </form>
  );
}
