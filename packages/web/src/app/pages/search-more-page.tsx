import { Input, Tabs } from 'antd';
import { ACCOUNT_MESSAGES } from '@credit-portal/shared';
import { HeaderSearch } from '../layouts/header-search';
import { SEARCH_SUBJECTS } from '../layouts/search-subjects';
import styles from './search-more-page.module.css';

/**
 * The named route SearchMore (spec §2.1): every subject type of the header search, with the
 * enterprise query open and the others shown with their placeholders as not yet offered, and
 * how the search reads a keyword.
 */
export default function SearchMorePage() {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>信用主体查询</h1>
      <Tabs
        className={styles.tabs}
        items={SEARCH_SUBJECTS.map((subject) => ({
          key: subject.key,
          label: subject.offered ? subject.label : `${subject.label}（暂未开放）`,
          disabled: !subject.offered,
          children: subject.offered ? (
            <HeaderSearch variant="inline" />
          ) : (
            <Input disabled placeholder={subject.placeholder} aria-label={subject.label} />
          ),
        }))}
      />
      <section className={styles.tips} aria-labelledby="search-tips">
        <h2 id="search-tips">查询说明</h2>
        <ul>
          <li>输入企业名称中的连续文字（如“恒信科技”）即可查询，名称越完整，结果越精确。</li>
          <li>输入18位统一社会信用代码可直接定位主体；输入代码的前6位以上可按代码前缀查询。</li>
          <li>全角字符、多余空格会被自动处理，代码中的小写字母会自动转为大写。</li>
          <li>
            统一社会信用代码校验位不正确时，系统会提示“{ACCOUNT_MESSAGES.checkDigitHint}
            ”，并照常查询，以便查到登记信息有误的主体。
          </li>
          <li>查询结果可按经营状态（存续、吊销、注销、其他）和主体类型（个体、非个体）筛选；查看主体详情需先登录。</li>
        </ul>
      </section>
    </div>
  );
}
