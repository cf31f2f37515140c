/**
 * The subject types of the header search (spec §2.1). Only the enterprise query is offered in
 * the navigation; the others keep their placeholders here for when they are opened.
 */
export interface SearchSubject {
  key: 'enterprise' | 'person' | 'socialOrganisation' | 'dishonest';
  label: string;
  placeholder: string;
  offered: boolean;
}

export const SEARCH_SUBJECTS: readonly SearchSubject[] = [
  { key: 'enterprise', label: '信用主体查询', placeholder: '请输入企业名称关键字或统一社会信用代码', offered: true },
  { key: 'person', label: '个人', placeholder: '请输入姓名或身份证号', offered: false },
  { key: 'socialOrganisation', label: '社会组织', placeholder: '请输入名称或证书编号', offered: false },
  { key: 'dishonest', label: '失信主体', placeholder: '请输入企业或自然人名称', offered: false },
];

/** The subject types shown as tabs. */
export const OFFERED_SUBJECTS = SEARCH_SUBJECTS.filter((subject) => subject.offered);
