import { CONTENT_SECTIONS, type ContentSectionKey } from '@credit-portal/shared';
import {
  ANNUAL_PARAGRAPHS,
  COMMENTARY_KINDS,
  DISTRICT_TITLES,
  EXTERNAL_LINKS,
  FLIPBOOKS,
  LISTS,
  NOTICE_KINDS,
  PLAN_PARTS,
  REGULATION_ARTICLES,
  REPORT_CLOSINGS,
  REPORT_KINDS,
  SECTION_TEXTS,
  WARNING_CLOSINGS,
  type BodyStyle,
  type KindText,
  type TitleText,
} from './content-texts.js';
import { dayNumber, formatDay, yearOf } from '../../lib/dates.js';
import { SEED_AS_OF } from './publicity.js';
import { Random, mixSeed } from '../../lib/random.js';
import { CITY, DISTRICTS } from '../place.js';
import { flipbookPagePath, imagePath } from '../../media/paths.js';
import type { ImageSpec } from '../../media/svg.js';

/** A CMS record: an article, a static page, a banner, a QR code or a flipbook. */
export interface ContentRow {
  recordId: string;
  categoryId: string;
  /** '' for the main portal, else the district site's cmsBaseId. */
  siteId: string;
  title: string;
  /** The phrase of the title its body names (an article's subject); null for pages, images and books. */
  subject: string | null;
  summary: string;
  bodyHtml: string;
  bodyText: string;
  author: string;
  source: string;
  releaseDate: string;
  top: boolean;
  isUrl: '0' | '1';
  url: string;
  urlBase: 'absolute' | 'old-site';
  imageUrl: string | null;
  extra: Record<string, string> | null;
  sortOrder: number;
}

/** An image the service draws as SVG on request (GET /Cms/image/{name}.svg): a row of media_images. */
export type ImageRow = ImageSpec;

export interface FlipbookPageRow {
  recordId: string;
  pageNo: number;
  heading: string;
  body: string;
}

export interface ContentSeed {
  content: ContentRow[];
  images: ImageRow[];
  flipbookPages: FlipbookPageRow[];
}

const RELEASE_FROM = dayNumber('2023-01-01');
const RELEASE_TO = dayNumber(SEED_AS_OF);
const CONTENT_SALT = 0xc0a7;

/**
 * Only this recent an item is pinned (置顶): a pinned item is what the centre wants read now, and
 * the lists keep their archive (articles keep their fixed dates, counted back from SEED_AS_OF).
 */
export const PINNED_WITHIN_DAYS = 60;
/** Pinned items are released within the last month before SEED_AS_OF. */
const PINNED_RELEASE_DAYS = 30;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);
const stripTags = (html: string): string =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

const summaryOf = (text: string): string => {
  const chars = Array.from(text);
  return chars.length > 90 ? `${chars.slice(0, 90).join('')}…` : text;
};

/** What an article's texts are filled with: drawn once per article, the same in its title, subject and body. */
interface ArticleFacts {
  district: string;
  year: number;
  /** The quarter before the release, e.g. 2025年第三季度. */
  quarter: string;
  /** A batch or quarter number of the title (一 … 四). */
  batch: string;
  count: string;
  hundredMillions: string;
  /** The subject, filled. */
  subject: string;
  /** The kind of document a regulation or plan is (办法, 方案 …). */
  docKind: string;
}

const QUARTERS = ['一', '二', '三', '四'];

/** The quarter before a date's quarter, e.g. 2025年第一季度 for a date in April 2025. */
function previousQuarter(date: string): string {
  const quarter = Math.ceil(Number(date.slice(5, 7)) / 3) - 1;
  const year = quarter === 0 ? yearOf(date) - 1 : yearOf(date);
  return `${year}年第${QUARTERS[(quarter + 3) % 4]}季度`;
}

/** Fills the tokens a title and its subject share. */
const fillTitle = (template: string, facts: Omit<ArticleFacts, 'subject' | 'docKind'>): string =>
  template
    .replaceAll('{年}年第{季}季度', facts.quarter)
    .replaceAll('{区}', facts.district)
    .replaceAll('{年}', String(facts.year))
    .replaceAll('{季}', facts.batch)
    .replaceAll('{数}', facts.count)
    .replaceAll('{亿}', facts.hundredMillions);

/** Fills a body paragraph: the article's facts, and a number of its own for each figure. */
const fillBody = (template: string, random: Random, facts: ArticleFacts): string =>
  template
    .replaceAll('{题}', facts.subject)
    .replaceAll('{文种}', facts.docKind)
    .replaceAll('{区}', facts.district)
    .replaceAll('{年}', String(facts.year))
    .replaceAll('{月}', () => String(random.between(3, 12)))
    .replaceAll('{数}', () => String(random.between(12, 380)))
    .replaceAll('{万}', () => String(random.between(18, 96)))
    .replaceAll('{亿}', () => (random.between(12, 98) / 10).toFixed(1))
    .replaceAll('{率}', () => `${(random.between(950, 999) / 10).toFixed(1)}%`);

/** Regulations read as numbered articles; plans, opinions and lists as numbered parts. */
const DOC_KIND = /(办法|条例|规定|细则|规程|指引|方案|意见|要点|清单|目录)$/;
const ARTICLE_KINDS = new Set(['办法', '条例', '规定', '细则', '规程', '指引']);
const docKindOf = (title: string): string => DOC_KIND.exec(title.replace(/（[^）]*）$/, ''))?.[1] ?? '办法';

/** An article body, written from its title's entry: the subject is named in it. */
function articleBody(
  random: Random,
  style: BodyStyle,
  entry: TitleText,
  facts: ArticleFacts,
  image?: { src: string; alt: string },
): string {
  const parts: string[] = [];
  const para = (text: string) => `<p>${escapeHtml(fillBody(text, random, facts))}</p>`;
  const list = (heading: string) => {
    const found = LISTS.find((l) => l.heading === heading)!;
    return [`<h3>${found.heading}</h3>`, `<ul>${found.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`];
  };
  /** The lead, then some of the kind's paragraphs in their order. */
  const byKind = (kind: KindText, least: number) => {
    parts.push(para(kind.lead));
    const count = random.between(Math.min(least, kind.paragraphs.length), kind.paragraphs.length);
    const chosen = new Set(random.sample([...kind.paragraphs.keys()], count));
    kind.paragraphs.forEach((text, i) => {
      if (chosen.has(i)) parts.push(para(text));
    });
  };
  if (entry.kind === 'regulation') {
    for (const text of ARTICLE_KINDS.has(facts.docKind) ? REGULATION_ARTICLES : PLAN_PARTS) parts.push(para(text));
  } else if (style === 'qa') {
    parts.push(para('为便于社会公众理解{题}，现就有关问题解答如下。'));
    for (const text of entry.body ?? []) {
      const [question, answer] = text.split('答：') as [string, string];
      parts.push(`<h3>${escapeHtml(question.replace(/^问：/, ''))}</h3>`, para(answer));
    }
  } else if (style === 'case') {
    for (const text of entry.body ?? []) {
      const [label, rest] = text.split('：', 2) as [string, string];
      parts.push(`<h3>${escapeHtml(label)}</h3>`, para(rest));
    }
  } else if (style === 'warning') {
    for (const text of [...(entry.body ?? []), ...WARNING_CLOSINGS]) parts.push(para(text));
    parts.push(...list('温馨提示'));
  } else if (entry.body) {
    for (const text of entry.body) parts.push(para(text));
  } else if (style === 'notice') {
    const announcement = entry.title.endsWith('公告');
    if (!announcement) parts.push(para('各有关单位：'));
    byKind(NOTICE_KINDS[entry.kind!]!, 2);
    parts.push(...list('办理方式'), para(announcement ? '特此公告。' : '特此通知。'));
  } else if (style === 'commentary') {
    byKind(COMMENTARY_KINDS[entry.kind!]!, 2);
  } else if (style === 'annual') {
    parts.push(para('本报告（{题}）回顾了{年}年的工作情况，主要内容如下。'));
    for (const text of ANNUAL_PARAGRAPHS) parts.push(para(text));
    parts.push(...list('主要工作'));
  } else {
    byKind(REPORT_KINDS[entry.kind!]!, 2);
    if (random.chance(0.5)) parts.push(...list('主要工作'));
    parts.push(para(random.pick(REPORT_CLOSINGS)));
  }
  if (image) {
    parts.splice(1, 0, `<p style="text-align:center"><img src="${image.src}" alt="${escapeHtml(image.alt)}" /></p>`);
  }
  return parts.join('\n');
}

/** Hue of a section's illustrations, so each section has its own colour. */
const hueOf = (categoryId: string): number => (Number(categoryId) * 47) % 360;

/** How many times a section may try to give a title new facts before it leaves the article out. */
const TITLE_ATTEMPTS = 8;

/**
 * Every CMS record of the data set: articles for each section (main portal and district
 * sites), the static pages, banners, QR codes and flipbooks, with the images they use. Within a
 * list no title repeats (a title without a token to vary is written once), every article's body
 * names its title's subject, and only items of the last month are pinned.
 */
export function generateContent(seed: number): ContentSeed {
  const random = new Random(mixSeed(seed, CONTENT_SALT));
  const content: ContentRow[] = [];
  const images: ImageRow[] = [];
  const flipbookPages: FlipbookPageRow[] = [];
  let nextId = 10001;
  const newId = () => String(nextId++);
  const releaseDate = (recent: boolean) => {
    const from = recent ? RELEASE_TO - PINNED_RELEASE_DAYS : RELEASE_FROM;
    return formatDay(from + random.int(RELEASE_TO - from + 1));
  };
  const districtNames = DISTRICTS.map((d) => d.name);

  /** An article of `entry`, or null when every try gave a title the list already has. */
  const article = (
    key: ContentSectionKey,
    entry: TitleText,
    options: {
      siteId: string;
      districts: readonly string[];
      style: BodyStyle;
      imageShare: number;
      sources: readonly string[];
      recent: boolean;
    },
    usedTitles: Set<string>,
  ): ContentRow | null => {
    let facts: ArticleFacts | null = null;
    let title = '';
    let date = '';
    for (let attempt = 0; attempt < TITLE_ATTEMPTS; attempt++) {
      date = releaseDate(options.recent);
      const shared = {
        district: random.pick(options.districts),
        // An annual report is released the year after the one it reports on.
        year: yearOf(date) - (options.style === 'annual' ? 1 : 0),
        quarter: previousQuarter(date),
        batch: random.pick(QUARTERS),
        count: String(random.between(12, 380)),
        hundredMillions: (random.between(12, 98) / 10).toFixed(1),
      };
      title = fillTitle(entry.title, shared);
      if (usedTitles.has(title)) continue;
      facts = { ...shared, subject: fillTitle(entry.subject, shared), docKind: docKindOf(title) };
      break;
    }
    if (!facts) return null;
    usedTitles.add(title);
    const recordId = newId();
    const { categoryId, label } = CONTENT_SECTIONS[key];
    let image: string | undefined;
    if (random.chance(options.imageShare)) {
      const name = `article-${recordId}`;
      images.push({
        name,
        kind: 'illustration',
        title,
        subtitle: `${label} · ${date}`,
        width: 800,
        height: 450,
        hue: hueOf(categoryId),
      });
      image = imagePath(name);
    }
    const bodyHtml = articleBody(random, options.style, entry, facts, image ? { src: image, alt: title } : undefined);
    const bodyText = stripTags(bodyHtml);
    return {
      recordId,
      categoryId,
      siteId: options.siteId,
      title,
      subject: facts.subject,
      summary: summaryOf(bodyText),
      bodyHtml,
      bodyText,
      author: random.pick(['信用云州', '综合科', '信用监管科', '信用服务科', '信息管理科']),
      source: fillTitle(random.pick(options.sources), facts),
      releaseDate: date,
      top: false,
      isUrl: '0',
      url: '',
      urlBase: 'absolute',
      imageUrl: image ?? null,
      extra: null,
      sortOrder: 0,
    };
  };

  // Articles of the main portal, section by section.
  for (const [key, texts] of Object.entries(SECTION_TEXTS) as [
    keyof typeof SECTION_TEXTS,
    (typeof SECTION_TEXTS)[keyof typeof SECTION_TEXTS],
  ][]) {
    const used = new Set<string>();
    const rows: ContentRow[] = [];
    const titles: readonly TitleText[] = texts.titles;
    // A few pinned items per list, released in the last month: drawn among the first round of titles.
    const pinnedCount = key === 'news' ? 2 : key === 'annualReports' ? 0 : 1;
    const pinned = new Set(random.sample([...titles.keys()], pinnedCount));
    for (let i = 0; i < texts.count; i++) {
      const row = article(
        key,
        titles[i % titles.length]!,
        {
          siteId: '',
          districts: districtNames,
          style: texts.style,
          imageShare: texts.images,
          sources: texts.sources,
          recent: pinned.has(i),
        },
        used,
      );
      if (!row) continue;
      row.top = pinned.has(i);
      rows.push(row);
    }
    // Some items point to an external page instead of a local article, titled after that page.
    const external = key === 'news' || key === 'policy' ? 2 : key === 'riskWarnings' || key === 'legislation' ? 1 : 0;
    const links = random.sample(EXTERNAL_LINKS, external);
    for (const [i, row] of random
      .sample(
        rows.filter((r) => !r.top),
        external,
      )
      .entries()) {
      const link = links[i]!;
      used.delete(row.title);
      row.isUrl = '1';
      row.url = link.url;
      row.title = link.title;
      row.subject = link.site;
      row.bodyHtml = `<p>本条信息链接至${escapeHtml(link.site)}网站：${escapeHtml(link.url)}</p>`;
      row.bodyText = stripTags(row.bodyHtml);
      row.summary = row.bodyText;
    }
    if (key === 'commitmentList') {
      // The commitment form itself lives on the older site (spec §1: data submission is there).
      const row = rows.find((r) => !r.top && r.isUrl === '0');
      if (row) {
        row.isUrl = '1';
        row.urlBase = 'old-site';
        row.url = '/Xycn/CommitmentApply.aspx';
        row.title = '信用承诺书在线填报';
        row.subject = '信用承诺书在线填报';
        row.bodyHtml = '<p>信用承诺书在线填报服务由原“信用云州”业务系统提供，点击后将前往该系统办理。</p>';
        row.bodyText = stripTags(row.bodyHtml);
        row.summary = row.bodyText;
      }
    }
    content.push(...rows);
  }

  // District sites with a full layout publish their own news and policies.
  for (const district of DISTRICTS) {
    if (district.site?.layout !== 'full') continue;
    const name = CITY.name + district.name;
    for (const [key, entries, style] of [
      ['news', DISTRICT_TITLES.news, 'report'],
      ['policy', DISTRICT_TITLES.policy, 'policy'],
    ] as const) {
      const used = new Set<string>();
      for (const entry of entries) {
        const row = article(
          key,
          entry,
          {
            siteId: district.site.cmsBaseId,
            districts: [name],
            style,
            imageShare: key === 'news' ? 0.5 : 0,
            sources: [`${name}发展和改革局`, district.site.siteName],
            recent: false,
          },
          used,
        );
        if (row) content.push(row);
      }
    }
  }

  content.push(...staticPages(newId, images));

  // Banners and footer QR codes: image links.
  const banners = [
    { title: '诚信建设万里行', subtitle: '弘扬诚信文化 建设信用云州' },
    { title: '“双公示”信息公开', subtitle: '行政许可和行政处罚信息7个工作日内上网公开' },
    { title: '信用修复 重塑信用', subtitle: '信用修复全程免费 在线申请一网通办' },
    { title: '信易贷 守信者的融资通道', subtitle: '以信用换贷款 助力中小微企业发展' },
  ];
  banners.forEach((banner, i) => {
    const name = `banner-${i + 1}`;
    images.push({
      name,
      kind: 'banner',
      title: banner.title,
      subtitle: banner.subtitle,
      width: 1200,
      height: 400,
      hue: 200 + i * 25,
    });
    const bodyHtml = `<p>${banner.subtitle}。</p><p style="text-align:center"><img src="${imagePath(name)}" alt="${banner.title}" /></p>`;
    content.push(
      plain(newId(), CONTENT_SECTIONS.banners.categoryId, banner.title, bodyHtml, '2025-01-01', {
        imageUrl: imagePath(name),
        sortOrder: i + 1,
      }),
    );
  });
  const qrCodes = [
    { name: 'qr-wechat', title: '信用云州微信公众号' },
    { name: 'qr-miniprogram', title: '信用云州小程序' },
  ];
  qrCodes.forEach((qr, i) => {
    images.push({ name: qr.name, kind: 'qr', title: qr.title, subtitle: '扫码关注', width: 258, height: 258, hue: 0 });
    content.push(
      plain(
        newId(),
        CONTENT_SECTIONS.footerQrCodes.categoryId,
        qr.title,
        `<p>扫描二维码关注${qr.title}。</p>`,
        '2024-01-01',
        {
          imageUrl: imagePath(qr.name),
          sortOrder: i + 1,
        },
      ),
    );
  });

  // Credit reading books: a record per book, its pages drawn from the stored texts.
  FLIPBOOKS.forEach((book, i) => {
    const recordId = newId();
    const bodyHtml = `<p>${book.title}（${book.subtitle}），共${book.pages.length}页。</p>`;
    content.push(
      plain(
        recordId,
        CONTENT_SECTIONS.flipbooks.categoryId,
        `${book.title}（${book.subtitle}）`,
        bodyHtml,
        '2025-06-30',
        {
          imageUrl: flipbookPagePath(recordId, 1),
          sortOrder: i + 1,
        },
      ),
    );
    book.pages.forEach((page, n) =>
      flipbookPages.push({ recordId, pageNo: n + 1, heading: page.heading, body: page.body }),
    );
  });

  return { content, images, flipbookPages };
}

/** A record that is not a dated article: static pages, banners, QR codes, books. */
function plain(
  recordId: string,
  categoryId: string,
  title: string,
  bodyHtml: string,
  releaseDate: string,
  options: { imageUrl?: string; extra?: Record<string, string>; sortOrder?: number } = {},
): ContentRow {
  const bodyText = stripTags(bodyHtml);
  return {
    recordId,
    categoryId,
    siteId: '',
    title,
    subject: null,
    summary: summaryOf(bodyText),
    bodyHtml,
    bodyText,
    author: '云州市公共信用信息中心',
    source: '云州市公共信用信息中心',
    releaseDate,
    top: false,
    isUrl: '0',
    url: '',
    urlBase: 'absolute',
    imageUrl: options.imageUrl ?? null,
    extra: options.extra ?? null,
    sortOrder: options.sortOrder ?? 0,
  };
}

const LEADERS = [
  {
    name: '陈建华',
    title: '主任',
    position: '主持中心全面工作，分管综合科。',
    bio: '男，汉族，1972年生，研究生学历，经济学硕士，中共党员。',
  },
  {
    name: '林晓梅',
    title: '副主任',
    position: '负责信用信息归集共享和平台建设工作，分管信息管理科、数据安全科。',
    bio: '女，汉族，1978年生，大学学历，工学学士，中共党员。',
  },
  {
    name: '王志远',
    title: '副主任',
    position: '负责信用监管和信用服务工作，分管信用监管科、信用服务科。',
    bio: '男，汉族，1980年生，研究生学历，法学硕士，中共党员。',
  },
  {
    name: '郑雅琴',
    title: '总工程师',
    position: '负责平台技术架构、数据治理和网络安全工作。',
    bio: '女，汉族，1983年生，研究生学历，工学硕士。',
  },
];

const DEPARTMENTS = [
  {
    name: '综合科',
    duties: [
      '负责中心日常运转、文电、会务、机要、档案等工作',
      '负责人事、财务、资产管理和后勤保障工作',
      '负责政务信息公开和对外宣传工作',
    ],
  },
  {
    name: '信息管理科',
    duties: [
      '负责公共信用信息归集、整合和共享工作',
      '负责“双公示”数据的报送督导和质量管理',
      '负责公共信用信息目录的编制和动态更新',
    ],
  },
  {
    name: '信用监管科',
    duties: [
      '承担信用分级分类监管的技术支撑工作',
      '负责守信激励和失信惩戒对象名单的管理',
      '开展重点领域信用风险监测预警',
    ],
  },
  {
    name: '信用服务科',
    duties: ['负责信用查询、信用报告出具等服务工作', '受理信用修复和信用异议申请', '指导信用服务机构规范发展'],
  },
  {
    name: '数据安全科',
    duties: [
      '负责公共信用信息平台的运行维护和网络安全',
      '负责信用信息安全管理和个人信息保护',
      '负责数据备份和应急处置工作',
    ],
  },
];

/** The centre's static pages: introduction, functions, leaders, departments and the office. */
function staticPages(newId: () => string, images: ImageRow[]): ContentRow[] {
  const rows: ContentRow[] = [];
  rows.push(
    plain(
      newId(),
      CONTENT_SECTIONS.about.categoryId,
      '云州市公共信用信息中心简介',
      [
        '<p>云州市公共信用信息中心是云州市发展和改革委员会所属公益一类事业单位，承担全市公共信用信息平台和“信用云州”网站的建设、运行和维护工作。</p>',
        '<p>中心围绕“归集、共享、公开、应用”的工作主线，建成覆盖全市各级行政机关和公共服务单位的公共信用信息平台，为信用监管、信用服务和诚信宣传提供支撑。</p>',
        '<h3>服务内容</h3>',
        '<ul><li>公共信用信息查询</li><li>信用报告出具</li><li>信用修复和信用异议受理</li><li>“双公示”信息公开</li></ul>',
        '<p>中心秉持“依法、公正、安全、便民”的服务理念，致力于建设诚信云州。</p>',
      ].join('\n'),
      '2024-01-01',
    ),
  );
  rows.push(
    plain(
      newId(),
      CONTENT_SECTIONS.functions.categoryId,
      '主要职能',
      [
        '<p>根据市委机构编制委员会有关批复，云州市公共信用信息中心主要职能如下：</p>',
        '<ol>',
        '<li>承担全市公共信用信息平台和“信用云州”网站的建设、运行和维护工作。</li>',
        '<li>承担公共信用信息的归集、整理、存储、共享和公开工作。</li>',
        '<li>承担信用信息查询、信用报告出具、信用修复和信用异议处理等服务工作。</li>',
        '<li>承担信用监管、联合奖惩的技术支撑工作。</li>',
        '<li>承担信用信息安全管理和个人信息保护工作。</li>',
        '<li>完成市发展和改革委员会交办的其他任务。</li>',
        '</ol>',
      ].join('\n'),
      '2024-01-01',
    ),
  );
  LEADERS.forEach((leader, i) => {
    const name = `leader-${i + 1}`;
    images.push({
      name,
      kind: 'portrait',
      title: leader.name,
      subtitle: leader.title,
      width: 300,
      height: 400,
      hue: 210,
    });
    rows.push(
      plain(
        newId(),
        CONTENT_SECTIONS.leaders.categoryId,
        leader.name,
        `<p>${leader.name}，${leader.bio}</p><p>现任云州市公共信用信息中心${leader.title}。</p><p>工作分工：${leader.position}</p>`,
        '2024-01-01',
        {
          imageUrl: imagePath(name),
          extra: { photo: imagePath(name), title: leader.title, position: leader.position },
          sortOrder: i + 1,
        },
      ),
    );
  });
  DEPARTMENTS.forEach((department, i) => {
    rows.push(
      plain(
        newId(),
        CONTENT_SECTIONS.departments.categoryId,
        department.name,
        `<p>${department.name}主要职责：</p><ul>${department.duties.map((d) => `<li>${d}</li>`).join('')}</ul>`,
        '2024-01-01',
        { sortOrder: i + 1 },
      ),
    );
  });
  const office = {
    address: '云州市东湖区市民服务中心3号楼6层',
    hours: '工作日 上午8:30—12:00，下午14:30—17:30',
    phone: '12345（政务服务便民热线）',
    postcode: '350202',
  };
  rows.push(
    plain(
      newId(),
      CONTENT_SECTIONS.office.categoryId,
      '办公室',
      [
        '<p>办公室负责中心对外联络、来访接待和政务咨询工作。</p>',
        `<p>办公地址：${office.address}</p>`,
        `<p>办公时间：${office.hours}</p>`,
        `<p>咨询电话：${office.phone}</p>`,
        `<p>邮政编码：${office.postcode}</p>`,
      ].join('\n'),
      '2024-01-01',
      { extra: office },
    ),
  );
  return rows;
}
