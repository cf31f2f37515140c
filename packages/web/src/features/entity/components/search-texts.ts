// The entity search list's own texts, shared by the page (search-list-page.tsx, in the frame) and
// its results (search-results.tsx), which draw them in turn.

/** What the inert in-page search box says, visibly: where searching happens. */
export const IN_PAGE_SEARCH_HINT = '此处的查询框不发起查询，如需查询，请使用页面顶部的搜索框。';

/** The list without a keyword: where to search… */
export const NO_KEYWORD = '请在页面顶部的搜索框输入企业名称关键字或统一社会信用代码进行查询';

/** …and the link to how. */
export const SEARCH_HELP = '查看查询说明';
