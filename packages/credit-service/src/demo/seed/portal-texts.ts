/*
 * Texts of the main portal's own pages: interaction messages and their replies, the lending
 * platform's partner banks and products, the service guides and the centre's annual reports.
 * Everything is invented demo content for the fictional city 云州市. In message templates
 * {区} is a district and {数} a small number.
 */
import type { InteractionType } from '@credit-portal/shared';

/** Departments that answer messages. */
export const DEPTS = {
  centre: '云州市公共信用信息中心',
  development: '云州市发展和改革委员会',
  market: '云州市市场监督管理局',
  tax: '国家税务总局云州市税务局',
  labour: '云州市人力资源和社会保障局',
  housing: '云州市住房和城乡建设局',
  approval: '云州市行政审批服务局',
} as const;

export interface MessageTemplate {
  type: InteractionType;
  dept: string;
  title: string;
  /** Other titles the same message is written under ({区} the writer's district): no two messages share one. */
  variants: readonly string[];
  content: string;
  reply: string;
  /** Share of messages of this template kept out of the public lists (personal details). */
  privateShare?: number;
}

export const MESSAGE_TEMPLATES: readonly MessageTemplate[] = [
  // 咨询
  {
    type: 'consult',
    dept: DEPTS.centre,
    title: '如何查询合作企业的公共信用信息？',
    variants: [
      '签合同前怎样查询对方企业的信用状况？',
      '{区}企业如何查询合作方的公共信用信息？',
      '想了解{区}一家供应商的信用记录，去哪里查？',
      '查询企业公共信用信息收费吗？',
    ],
    content:
      '您好，我公司准备与{区}的一家企业签订采购合同，想先了解对方的信用状况。请问在哪里可以查询企业的公共信用信息？查询是否收费？',
    reply:
      '您好！您可登录“信用云州”网站，在首页搜索框输入企业名称或统一社会信用代码进行查询，可查看该企业的登记注册、行政许可、行政处罚等公共信用信息。查询免费，无需注册。感谢您对信用工作的关注！',
  },
  {
    type: 'consult',
    dept: DEPTS.development,
    title: '行政处罚信息在网站上公示多长时间？',
    variants: [
      '罚款已缴纳，处罚信息还要公示多久？',
      '{区}企业的消防处罚信息会公示多长时间？',
      '一般失信行为的处罚信息公示期是多久？',
      '{区}一家企业咨询行政处罚公示期限',
    ],
    content: '我公司去年因消防设施维护不到位被处以罚款，已经按时缴纳。请问这条处罚信息在网站上会公示多长时间？',
    reply:
      '您好！按照国家关于失信行为纠正后信用信息修复的规定，一般失信行为的行政处罚信息最短公示期为三个月、最长公示期为一年；严重失信行为最短公示期为六个月、最长为三年。最短公示期届满后，可申请信用修复，修复完成后停止公示。',
  },
  {
    type: 'consult',
    dept: DEPTS.centre,
    title: '申请信用修复需要准备哪些材料？',
    variants: [
      '整改完毕后申请信用修复要交哪些材料？',
      '{区}企业申请信用修复的材料清单',
      '信用修复在哪里申请、需要什么材料？',
      '{区}单位咨询信用修复申请材料',
    ],
    content: '我单位有一条行政处罚记录，目前已经整改完毕，想申请信用修复。请问需要准备哪些材料？在哪里申请？',
    reply:
      '您好！申请信用修复需提交：信用修复申请书、信用承诺书、已履行行政处罚决定的证明材料（如罚款缴纳凭证）以及整改到位的相关证明。可通过“信用云州”网站“信用服务—信用修复”栏目在线提交，全程免费办理。',
  },
  {
    type: 'consult',
    dept: DEPTS.centre,
    title: '个人能否在网上查询本人的公共信用信息报告？',
    variants: [
      '本人的公共信用信息报告能否在线查询？',
      '{区}居民如何查询个人公共信用信息报告？',
      '个人信用报告查询需要满足什么条件？',
      '持居住证在{区}工作能否查询个人信用报告？',
    ],
    content: '请问个人能否在网上查询本人的公共信用信息报告？需要满足什么条件？报告里包含哪些内容？',
    reply:
      '您好！年满18周岁、具有本市户籍，或持有本市居住证并在本市参加社会保险的居民，可通过“信用云州”移动端完成人脸识别实名认证后，在线查看或下载本人公共信用信息报告。报告涵盖公安、社保、教育、税务、行政管理和司法等方面的公共信用信息。',
  },
  {
    type: 'consult',
    dept: DEPTS.centre,
    title: '“信用云州”出具的信用报告能否用于投标？',
    variants: [
      '政府采购投标要求的信用报告怎样获取？',
      '{区}企业投标能否使用“信用云州”的信用报告？',
      '网站出具的企业信用报告是否有效？',
      '{区}一家公司咨询投标用信用报告',
    ],
    content:
      '我公司参加政府采购项目投标，招标文件要求提供信用报告。请问“信用云州”网站出具的企业信用报告是否有效？怎样获取？',
    reply:
      '您好！“信用云州”网站出具的企业公共信用信息报告可用于政府采购、招标投标、评优评先等场景。您可在网站“信用服务—信用报告”栏目在线申请，报告加盖电子印章，可通过报告编号在线核验真伪。',
  },
  {
    type: 'consult',
    dept: DEPTS.development,
    title: '小微企业怎样通过“信易贷”申请贷款？',
    variants: [
      '不用抵押能否凭信用申请贷款？',
      '{区}小微企业如何在“信易贷”平台申请融资？',
      '“信易贷”平台怎样注册和申请？',
      '{区}小微企业负责人咨询“信易贷”申请流程',
    ],
    content: '我是{区}一家小微企业的负责人，听说可以凭信用申请贷款，不需要抵押。请问“信易贷”平台如何注册和申请？',
    reply:
      '您好！企业可进入“信用云州”网站“信易贷”专区，以企业身份注册并授权平台调用企业公共信用信息后，选择合作银行的信贷产品在线提交申请，银行一般在3个工作日内与企业联系，办理情况可在平台查询。',
  },
  {
    type: 'consult',
    dept: DEPTS.approval,
    title: '我市哪些许可事项实行告知承诺制？',
    variants: [
      '告知承诺制适用哪些行政许可事项？',
      '{区}办理食品经营许可能否告知承诺？',
      '作出信用承诺后多久能取得许可证？',
      '{区}企业咨询告知承诺事项目录',
    ],
    content: '请问我市目前哪些行政许可事项实行告知承诺制？作出承诺后多久能够取得许可证？',
    reply:
      '您好！我市已公布《行政审批告知承诺事项目录》，涵盖食品经营许可、公共场所卫生许可等{数}项事项，目录可在“信用云州”网站“信用承诺”栏目查看。申请人书面承诺符合条件并提交材料后，审批部门当场或在承诺时限内作出许可决定。',
  },
  {
    type: 'consult',
    dept: DEPTS.tax,
    title: '企业纳税信用等级在哪里查询？',
    variants: [
      '怎样查询本企业的纳税信用评价结果？',
      '{区}企业如何查询纳税信用等级？',
      'A级纳税人可以享受哪些激励措施？',
      '{区}一家企业咨询纳税信用等级查询',
    ],
    content: '请问企业的纳税信用等级在哪里查询？评为A级纳税人可以享受哪些激励措施？',
    reply:
      '您好！纳税人可登录电子税务局查询本企业纳税信用评价结果，A级纳税人名单按规定向社会公开。A级纳税人可享受增值税发票领用便利、出口退税绿色通道、“银税互动”融资等激励措施。',
  },
  {
    type: 'consult',
    dept: DEPTS.market,
    title: '如何核实统一社会信用代码是否真实？',
    variants: [
      '合同上的统一社会信用代码怎样验证真伪？',
      '{区}一家单位的统一社会信用代码如何核实？',
      '统一社会信用代码的校验规则是什么？',
      '{区}企业咨询核实对方信用代码的方法',
    ],
    content: '我在合同上看到对方单位的统一社会信用代码，想核实是否真实有效，请问如何验证？',
    reply:
      '您好！统一社会信用代码由18位阿拉伯数字或大写英文字母组成，最后一位为校验码。您可在“信用云州”网站首页输入代码查询对应主体，也可通过国家企业信用信息公示系统核实登记信息。',
  },
  {
    type: 'consult',
    dept: DEPTS.centre,
    title: '履行判决义务后多久停止公示失信信息？',
    variants: [
      '履行完毕后多久能移出失信被执行人名单？',
      '{区}居民咨询失信信息何时停止公示',
      '法院删除失信信息后网站何时同步撤下？',
      '{区}企业履行判决后的失信信息公示问题',
    ],
    content: '我已履行完法院判决确定的全部义务，请问多久能从失信被执行人名单中移出？网站上的信息什么时候撤下？',
    reply:
      '您好！失信被执行人名单由人民法院依法作出。履行完毕后，可向执行法院申请删除失信信息，法院将依法在规定时限内删除。删除后，本平台在下一次数据同步后停止公示相关信息。',
  },
  // 投诉
  {
    type: 'complaint',
    dept: DEPTS.market,
    title: '反映{区}一家健身房停业不退预付卡余额',
    variants: [
      '{区}一家健身房突然关门，预付卡余额无法退还',
      '投诉{区}健身房经营者失联拒不退款',
      '请求处理{区}一家健身房预付卡退费问题',
    ],
    content:
      '本人在{区}一家健身房办理了预付卡，余额三千余元。近期该店突然停业，联系不上经营者，请求相关部门依法处理，并将其失信行为纳入信用记录。',
    reply:
      '您好！收到您的来信后，{区}市场监督管理局已对该经营者立案调查，并督促其制定退款方案。经核实，该经营者已恢复联系并开始分批退款。对其违法行为我局将依法处理，行政处罚信息将按规定在“信用云州”网站公示。',
    privateShare: 0.2,
  },
  {
    type: 'complaint',
    dept: DEPTS.centre,
    title: '网站公示的行政处罚已被撤销但仍在公示',
    variants: [
      '已被复议撤销的行政处罚仍在“双公示”栏目显示',
      '{区}企业反映被撤销的处罚信息未及时更正',
      '请求更正已撤销的行政处罚公示信息',
      '{区}一家公司反映处罚撤销后仍在公示影响投标',
    ],
    content:
      '我公司在“双公示”栏目中显示有一条行政处罚信息，但该处罚决定已被复议机关撤销，信息仍在公示，影响公司参加投标，请求尽快更正。',
    reply:
      '您好！经核查，该行政处罚决定已在行政复议中被撤销，数据报送单位未及时更新。我中心已通知报送单位更正数据，相关信息已停止公示。如再发现信息有误，可通过“信用异议”渠道在线提交证明材料。',
  },
  {
    type: 'complaint',
    dept: DEPTS.labour,
    title: '反映{区}某工地施工企业拖欠农民工工资',
    variants: [
      '{区}某工地完工三个月仍拖欠农民工工资',
      '请求帮助追讨{区}某工地拖欠的工资',
      '投诉{区}一家施工企业拖欠工资',
    ],
    content:
      '我们一行二十余人在{区}某工地务工，项目已完工三个月，施工企业仍拖欠工资约{数}万元，多次讨要无果，请求帮助解决。',
    reply:
      '您好！接到反映后，{区}人力资源和社会保障局劳动保障监察机构立即约谈施工企业和建设单位，督促其限期支付。目前拖欠工资已全部支付到位。对该企业的违法行为，我局已依法处理并记入其信用记录。',
    privateShare: 0.3,
  },
  {
    type: 'complaint',
    dept: DEPTS.housing,
    title: '投诉小区物业服务企业违规上调物业费',
    variants: [
      '{区}一小区物业公司未经业主大会同意上调物业费',
      '反映{区}物业公司以限制门禁方式催缴物业费',
      '物业费上调未履行法定程序，请求调查',
      '{区}业主投诉物业服务企业违规收费',
    ],
    content: '本小区物业公司在未经业主大会同意的情况下上调物业费，并以限制门禁等方式催缴，请求有关部门调查处理。',
    reply:
      '您好！经{区}建设局调查，该物业服务企业调整收费标准未履行法定程序，已责令其停止违规收费、退还多收费用，并将该情况记入物业服务企业信用档案。',
  },
  {
    type: 'complaint',
    dept: DEPTS.market,
    title: '反映一家网店销售的“有机”农产品无认证',
    variants: [
      '网购标注“有机”的农产品没有认证，商家拒绝退款',
      '{区}一家网店虚假宣传“有机”农产品',
      '投诉本地网店“有机”农产品无认证',
      '{区}消费者反映网购农产品虚假标注“有机”',
    ],
    content: '我在本地一家网店购买了标注“有机”的农产品，收到后发现商品没有有机认证，商家拒绝退款，请求处理。',
    reply:
      '您好！经核查，该商家存在虚假宣传行为，市场监督管理局已责令其改正并依法作出行政处罚，同时督促其为消费者办理退款。处罚信息将在“信用云州”网站公示。',
  },
  {
    type: 'complaint',
    dept: DEPTS.centre,
    title: '信用修复申请提交后长时间没有结果',
    variants: [
      '上月提交的信用修复申请至今没有结果',
      '{区}企业反映信用修复申请办理进度慢',
      '信用修复申请未收到补正通知也没有进展',
      '{区}一家单位询问信用修复办理进度',
    ],
    content: '我公司上月提交了信用修复申请，至今未收到办理结果，也没有接到补正通知，请问目前进度如何？',
    reply:
      '您好！经查询，贵单位的申请因缺少处罚决定机关出具的整改证明，处于补正材料状态，系统短信可能未送达。工作人员已电话联系贵单位经办人，材料补齐后将在5个工作日内办结，给您带来不便深表歉意。',
  },
  {
    type: 'complaint',
    dept: DEPTS.market,
    title: '反映{区}一家培训机构拒绝退还学费',
    variants: [
      '{区}培训机构不按合同退还剩余课时费',
      '请求协调{区}一家培训机构退费纠纷',
      '投诉{区}培训机构拒绝退还预收学费',
    ],
    content: '孩子在{区}一家培训机构报名课程后因搬家无法继续上课，按合同申请退还剩余学费被拒，请求帮助协调。',
    reply:
      '您好！{区}市场监督管理局已组织双方调解，培训机构同意按合同约定退还剩余课时费用。我局已提醒该机构规范预收费管理，如再发生类似问题将依法处理。',
    privateShare: 0.2,
  },
  {
    type: 'complaint',
    dept: DEPTS.development,
    title: '有公司以“信用修复”名义收取费用',
    variants: [
      '有人自称可以有偿代办信用修复，是否合法？',
      '{区}企业接到收费“删除处罚记录”的电话',
      '“信用服务公司”收费五千元代办信用修复',
      '{区}一家公司反映有人以信用修复为名收费',
    ],
    content: '有自称“信用服务公司”的人员联系我公司，称可以有偿代办信用修复、删除处罚记录，收费五千元，请问这是否合法？',
    reply:
      '您好！信用修复由信用信息平台和有关部门免费办理，任何机构和个人不得以信用修复为名收取费用。对您反映的情况，我委已移交市场监管部门调查处理，请提高警惕，切勿轻信。',
  },
  // 建议
  {
    type: 'suggestion',
    dept: DEPTS.centre,
    title: '建议推出手机端信用查询',
    variants: [
      '建议信用查询支持手机使用',
      '{区}企业建议开通移动端信用查询',
      '希望在外办事时能用手机查询合作方信用',
      '{区}网友建议网站推出手机版',
    ],
    content: '建议“信用云州”推出手机端查询功能，方便企业在外办事时随时查询合作方的信用信息。',
    reply:
      '感谢您的建议！“信用云州”移动端已经上线，支持企业公共信用信息查询和个人公共信用信息报告查询，您可在网站首页扫描二维码使用。',
  },
  {
    type: 'suggestion',
    dept: DEPTS.approval,
    title: '建议在{区}政务服务中心设立信用服务窗口',
    variants: [
      '建议在{区}就近办理信用报告和信用修复',
      '{区}企业希望在区里设立信用服务专窗',
      '建议{区}政务服务中心增加信用业务',
    ],
    content: '{区}的企业办理信用报告、信用修复需要跑到市民服务中心，路程较远，建议在区政务服务中心设立信用服务窗口。',
    reply:
      '感谢您的建议！我局已会同市公共信用信息中心在各区政务服务中心开设信用服务专窗，可现场办理信用报告打印、信用修复和信用异议受理等业务。',
  },
  {
    type: 'suggestion',
    dept: DEPTS.development,
    title: '建议对守信企业给予更多融资便利',
    variants: [
      '建议扩大“信易贷”合作银行范围',
      '{区}企业建议提高守信企业的授信额度',
      '建议对信用评价好的企业降低贷款利率',
      '{区}小微企业建议推出更多信用贷款产品',
    ],
    content: '建议进一步扩大“信易贷”合作银行范围，对信用评价好的中小微企业提高授信额度、降低贷款利率。',
    reply:
      '感谢您的建议！我委正推动更多金融机构入驻“信易贷”平台，并联合合作银行推出面向守信企业的专属信用贷款产品，对公共信用综合评价优秀的企业给予利率优惠。',
  },
  {
    type: 'suggestion',
    dept: DEPTS.centre,
    title: '建议网站提供大字体模式方便老年人浏览',
    variants: [
      '老人看不清网站文字，建议放大字体',
      '{区}网友建议网站适老化改造',
      '建议网站为老年人提供更大的字体和对比度',
      '{区}居民希望网站增加长者模式',
    ],
    content: '家中老人视力不太好，浏览网站时字看不清，建议网站提供字体放大功能，方便老年人使用。',
    reply:
      '感谢您的建议！网站已提供“长者模式”，点击页面顶部的“长者模式”按钮即可放大字体、提高对比度，设置后会自动保留。',
  },
  {
    type: 'suggestion',
    dept: DEPTS.centre,
    title: '建议“双公示”信息支持按行业筛选',
    variants: [
      '建议“双公示”栏目增加按处罚机关筛选',
      '{区}行业协会建议“双公示”按行业分类查询',
      '希望“双公示”信息能够按行业查看',
      '{区}企业建议“双公示”信息分行业展示',
    ],
    content: '建议“双公示”栏目增加按行业、按处罚机关筛选的功能，便于行业协会开展行业自律工作。',
    reply:
      '感谢您的建议！我们将在平台改版中增加按行业分类和决定机关筛选“双公示”信息的功能，并提供数据开放接口供行业协会依规申请使用。',
  },
  {
    type: 'suggestion',
    dept: DEPTS.development,
    title: '建议诚信宣传更多走进社区',
    variants: [
      '建议用通俗案例向居民讲解信用知识',
      '{区}居民建议多开展诚信宣传进社区',
      '希望诚信宣传走进校园和社区',
      '{区}网友建议用身边案例讲解信用知识',
    ],
    content: '建议多开展诚信宣传进社区、进校园活动，用通俗易懂的案例向居民讲解信用知识。',
    reply:
      '感谢您的建议！今年我委将联合各区开展“诚信建设万里行”系列活动，组织信用知识讲座和案例宣讲{数}场，并在社区宣传栏张贴信用知识海报。',
  },
  {
    type: 'suggestion',
    dept: DEPTS.centre,
    title: '建议简化企业信用报告的申请流程',
    variants: [
      '建议信用报告申请不再上传营业执照扫描件',
      '{区}企业建议简化信用报告申请材料',
      '希望信用报告申请自动比对登记信息',
      '{区}一家公司建议优化信用报告办理流程',
    ],
    content: '建议企业信用报告申请不再要求上传营业执照扫描件，由系统自动比对登记信息，减少企业准备材料的时间。',
    reply: '感谢您的建议！平台已与市场主体登记系统对接，企业申请信用报告时自动获取登记信息，无需再上传营业执照扫描件。',
  },
  {
    type: 'suggestion',
    dept: DEPTS.market,
    title: '建议为个体工商户建立信用评价',
    variants: [
      '建议让诚信经营的小店也能获得融资支持',
      '{区}个体户建议建立个体工商户信用评价',
      '希望对个体工商户开展信用分类',
      '{区}商户建议信用评价覆盖个体工商户',
    ],
    content: '建议针对个体工商户建立专门的信用评价，让诚信经营的小店也能获得融资和政策支持。',
    reply:
      '感谢您的建议！我局正在开展个体工商户分型分类精准帮扶工作，将个体工商户信用状况纳入分类标准，评价结果将推送至“信易贷”平台供金融机构参考。',
  },
];

/** Surnames of the (masked) writers. */
export const SURNAMES = Array.from('王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗郑梁谢宋唐许韩冯邓曹彭曾');

// ---------------------------------------------------------------------------------------------

export interface BankText {
  code: string;
  name: string;
  shortName: string;
  hotline: string;
}

export const BANKS: readonly BankText[] = [
  { code: 'icbc', name: '中国工商银行云州分行', shortName: '工商银行', hotline: '95588' },
  { code: 'ccb', name: '中国建设银行云州分行', shortName: '建设银行', hotline: '95533' },
  { code: 'abc', name: '中国农业银行云州分行', shortName: '农业银行', hotline: '95599' },
  { code: 'boc', name: '中国银行云州分行', shortName: '中国银行', hotline: '95566' },
  { code: 'cib', name: '兴业银行云州分行', shortName: '兴业银行', hotline: '95561' },
  { code: 'yzrcb', name: '云州农村商业银行', shortName: '云州农商银行', hotline: '400-860-6588' },
  { code: 'yzb', name: '云州银行', shortName: '云州银行', hotline: '400-668-1968' },
];

export interface ProductText {
  bank: string;
  name: string;
  category: string;
  maxAmount: number;
  rateMin: number;
  rateMax: number;
  termMonths: number;
  guarantee: string;
  target: string;
  features: readonly string[];
  requirements: readonly string[];
}

const BASIC = '在云州市登记注册，正常经营满1年';
const CLEAN = '企业及实际控制人无严重失信记录';

export const PRODUCTS: readonly ProductText[] = [
  {
    bank: 'icbc',
    name: '经营信用快贷',
    category: '信用贷款',
    maxAmount: 300,
    rateMin: 3.45,
    rateMax: 4.35,
    termMonths: 12,
    guarantee: '信用',
    target: '小微企业、个体工商户',
    features: ['线上申请，最快当天放款', '随借随还，按日计息', '额度循环使用'],
    requirements: [BASIC, CLEAN, '近12个月纳税记录连续'],
  },
  {
    bank: 'icbc',
    name: '抵押经营贷',
    category: '抵押贷款',
    maxAmount: 1000,
    rateMin: 3.2,
    rateMax: 3.9,
    termMonths: 120,
    guarantee: '房产抵押',
    target: '小微企业主、个体工商户',
    features: ['抵押率最高可达评估价70%', '期限最长10年', '支持先息后本'],
    requirements: [BASIC, CLEAN, '提供本人或企业名下住宅、商铺等房产抵押'],
  },
  {
    bank: 'ccb',
    name: '云税贷',
    category: '信用贷款',
    maxAmount: 300,
    rateMin: 3.6,
    rateMax: 4.5,
    termMonths: 12,
    guarantee: '信用',
    target: '依法纳税的小微企业',
    features: ['以纳税信用换贷款', '全流程线上办理', '到期可申请续贷'],
    requirements: [BASIC, CLEAN, '纳税信用等级B级及以上'],
  },
  {
    bank: 'ccb',
    name: '信用快贷',
    category: '信用贷款',
    maxAmount: 200,
    rateMin: 3.65,
    rateMax: 4.6,
    termMonths: 12,
    guarantee: '信用',
    target: '小微企业',
    features: ['依据企业公共信用信息综合评价授信', '自助支用，随借随还'],
    requirements: [BASIC, CLEAN, '企业在建设银行开立结算账户'],
  },
  {
    bank: 'abc',
    name: '纳税e贷',
    category: '信用贷款',
    maxAmount: 300,
    rateMin: 3.65,
    rateMax: 4.5,
    termMonths: 12,
    guarantee: '信用',
    target: '小微企业',
    features: ['依托涉税数据自动测算额度', '手机银行即可申请'],
    requirements: [BASIC, CLEAN, '纳税信用等级A级、B级或M级'],
  },
  {
    bank: 'abc',
    name: '惠农信用贷',
    category: '信用贷款',
    maxAmount: 50,
    rateMin: 3.85,
    rateMax: 5.0,
    termMonths: 36,
    guarantee: '信用',
    target: '农户、家庭农场、农民专业合作社',
    features: ['支持春耕备耕等季节性资金需求', '财政贴息政策可叠加'],
    requirements: ['从事农业生产经营满2年', CLEAN, '年龄18至65周岁'],
  },
  {
    bank: 'boc',
    name: '中小企业信用贷',
    category: '信用贷款',
    maxAmount: 300,
    rateMin: 3.55,
    rateMax: 4.3,
    termMonths: 12,
    guarantee: '信用',
    target: '科技型、外贸型中小企业',
    features: ['参考企业公共信用综合评价结果', '可叠加政策性担保增信'],
    requirements: [BASIC, CLEAN, '上年度营业收入不低于100万元'],
  },
  {
    bank: 'boc',
    name: '外贸信用融资',
    category: '贸易融资',
    maxAmount: 500,
    rateMin: 3.3,
    rateMax: 4.2,
    termMonths: 6,
    guarantee: '信用保险保单',
    target: '有进出口实绩的外贸企业',
    features: ['以出口信用保险保单增信', '可办理人民币或外币融资'],
    requirements: [BASIC, CLEAN, '近一年有连续进出口实绩'],
  },
  {
    bank: 'cib',
    name: '兴速贷',
    category: '信用贷款',
    maxAmount: 300,
    rateMin: 3.8,
    rateMax: 5.2,
    termMonths: 36,
    guarantee: '信用',
    target: '小微企业主',
    features: ['一次授信，三年有效', '线上支用与还款'],
    requirements: [BASIC, CLEAN, '企业主在本市有固定住所'],
  },
  {
    bank: 'cib',
    name: '知识产权质押贷',
    category: '质押贷款',
    maxAmount: 1000,
    rateMin: 3.7,
    rateMax: 4.8,
    termMonths: 36,
    guarantee: '专利权、商标权质押',
    target: '科技型中小企业',
    features: ['知识产权评估费用可获财政补贴', '轻资产企业也能融资'],
    requirements: [BASIC, CLEAN, '拥有有效期内的发明专利或注册商标'],
  },
  {
    bank: 'yzrcb',
    name: '诚信贷',
    category: '信用贷款',
    maxAmount: 100,
    rateMin: 4.0,
    rateMax: 6.0,
    termMonths: 36,
    guarantee: '信用',
    target: '小微企业、个体工商户',
    features: ['“信用云州”守信主体专享利率优惠', '网点覆盖全市各镇街'],
    requirements: [BASIC, CLEAN, '公共信用综合评价良好及以上'],
  },
  {
    bank: 'yzrcb',
    name: '个体创业贷',
    category: '担保贷款',
    maxAmount: 50,
    rateMin: 4.2,
    rateMax: 5.5,
    termMonths: 24,
    guarantee: '政策性融资担保',
    target: '创业者、个体工商户',
    features: ['创业担保贷款可享受财政贴息', '手续简便，审批快捷'],
    requirements: ['在云州市登记注册的个体工商户或小微企业', CLEAN, '符合创业担保贷款申请条件'],
  },
  {
    bank: 'yzb',
    name: '科创信用贷',
    category: '信用贷款',
    maxAmount: 500,
    rateMin: 3.9,
    rateMax: 5.0,
    termMonths: 36,
    guarantee: '信用',
    target: '高新技术企业、专精特新企业',
    features: ['按研发投入和知识产权核定额度', '可配套投贷联动服务'],
    requirements: [BASIC, CLEAN, '取得高新技术企业或专精特新企业认定'],
  },
  {
    bank: 'yzb',
    name: '政采贷',
    category: '合同融资',
    maxAmount: 1000,
    rateMin: 3.8,
    rateMax: 4.8,
    termMonths: 12,
    guarantee: '政府采购合同应收账款',
    target: '政府采购中标供应商',
    features: ['凭政府采购合同即可申请', '采购资金直接回款还贷'],
    requirements: ['已与采购单位签订政府采购合同', CLEAN, '在云州银行开立回款账户'],
  },
];

/** Headline figures of the lending platform (bank and product counts are added from the tables). */
export const LENDING_STATS: readonly { key: string; label: string; value: string; unit: string }[] = [
  { key: 'enterprises', label: '注册企业', value: '2.86', unit: '万户' },
  { key: 'credit', label: '累计授信', value: '186.4', unit: '亿元' },
  { key: 'loans', label: '累计放款', value: '152.7', unit: '亿元' },
  { key: 'creditShare', label: '信用贷款占比', value: '41.6', unit: '%' },
];

// ---------------------------------------------------------------------------------------------

export interface GuideText {
  title: string;
  category: string;
  summary: string;
  basis: readonly string[];
  conditions: readonly string[];
  materials: readonly string[];
  steps: readonly string[];
  timeLimit: string;
  fee: string;
  onlinePath: string;
}

/** Where and how every guide's service is offered. */
export const GUIDE_CONTACT = {
  channels: ['“信用云州”网站', '“信用云州”移动端', '市民服务中心信用服务窗口'],
  hotline: '12345（政务服务便民热线）',
  address: '云州市东湖区市民服务中心3号楼1层信用服务窗口',
  hours: '工作日 上午8:30—12:00，下午14:30—17:30',
} as const;

export const GUIDES: readonly GuideText[] = [
  {
    title: '企业公共信用信息查询',
    category: '信用查询',
    summary: '查询在本市登记注册的企业、个体工商户等市场主体的公共信用信息。',
    basis: ['《云州市公共信用信息管理办法》'],
    conditions: ['任何单位和个人均可查询公开的公共信用信息'],
    materials: ['无需提交材料'],
    steps: ['打开“信用云州”网站或移动端', '输入企业名称关键字或统一社会信用代码', '在查询结果中选择企业查看详情'],
    timeLimit: '即时办结',
    fee: '不收费',
    onlinePath: '/index',
  },
  {
    title: '企业公共信用信息报告申请',
    category: '信用报告',
    summary: '为企业出具公共信用信息报告，用于政府采购、招标投标、评优评先、融资授信等。',
    basis: ['《云州市公共信用信息管理办法》', '《公共信用信息报告标准》'],
    conditions: ['申请人为企业本身或经企业授权的经办人'],
    materials: ['经办人身份证件', '企业授权委托书（经办人非法定代表人时提供）'],
    steps: ['登录网站进入“信用服务—信用报告”', '填写申请信息并上传授权材料', '审核通过后在线下载报告'],
    timeLimit: '1个工作日',
    fee: '不收费',
    onlinePath: '/xyfw/xybg',
  },
  {
    title: '无违法违规记录证明（专项信用报告）',
    category: '信用报告',
    summary: '以专项信用报告代替有无违法违规记录证明，企业在线申请即可获取，无需往返各部门开具证明。',
    basis: [
      '《国家发展改革委 公安部 国家数据局关于全面推行以专项信用报告替代有无违法违规记录证明的通知》（发改财金〔2025〕565号）',
    ],
    conditions: ['在本市登记注册的企业', '使用本网站账号登录（实名登录）'],
    materials: ['无需提交纸质材料'],
    steps: [
      '使用本网站账号登录“信用云州”网站',
      '进入“信用服务—专项信用报告”，选择本人经办的企业、报告涵盖的领域和报告期间',
      '点击“生成并下载报告”，即时获得带电子签名的PDF报告',
      '报告使用单位在“报告核验”页面输入报告编号和验证码，或上传PDF文件，核验报告真伪',
    ],
    timeLimit: '即时办结',
    fee: '不收费',
    onlinePath: '/xyfw/wwfwgb',
  },
  {
    title: '行政处罚信息信用修复',
    category: '信用修复',
    summary: '失信主体纠正失信行为、消除不良影响后，申请停止公示行政处罚信息。',
    basis: ['《失信行为纠正后的信用信息修复管理办法（试行）》'],
    conditions: ['已履行行政处罚决定规定的义务', '已满最短公示期', '已纠正失信行为并作出信用承诺'],
    materials: ['信用修复申请书', '信用承诺书', '履行行政处罚决定的证明材料', '整改到位的证明材料'],
    steps: [
      '登录网站进入“信用服务—信用修复”',
      '选择需修复的处罚记录并上传材料',
      '信用中心审核（必要时征求决定机关意见）',
      '审核通过后停止公示',
    ],
    timeLimit: '受理后5个工作日',
    fee: '不收费',
    onlinePath: '/xyfw/xyxf',
  },
  {
    title: '公共信用信息异议申请',
    category: '信用异议',
    summary: '信用主体认为公示的公共信用信息存在错误、遗漏的，可提出异议申请。',
    basis: ['《云州市公共信用信息管理办法》'],
    conditions: ['异议信息与申请人相关', '能够提供信息有误的证明材料'],
    materials: ['异议申请表', '身份证明或营业执照', '相关证明材料'],
    steps: ['登录网站进入“信用服务—信用异议”', '选择异议信息并说明理由', '上传证明材料后提交', '在线查看核查结果'],
    timeLimit: '受理后5个工作日',
    fee: '不收费',
    onlinePath: '/xyfw/xyyy',
  },
  {
    title: '个人公共信用信息报告查询',
    category: '个人信用',
    summary: '本人查询、下载个人公共信用信息报告，涵盖公安、社保、教育、税务、行政管理和司法等信息。',
    basis: ['《云州市公共信用信息管理办法》', '《中华人民共和国个人信息保护法》'],
    conditions: ['年满18周岁', '具有本市户籍，或持有本市居住证并在本市参加社会保险'],
    materials: ['本人有效身份证件（通过人脸识别核验）'],
    steps: ['使用手机打开“信用云州”移动端', '完成人脸识别实名认证', '查看报告或发送至本人邮箱'],
    timeLimit: '即时办结',
    fee: '不收费',
    onlinePath: '/grxy',
  },
  {
    title: '“信易贷”融资申请',
    category: '信用融资',
    summary: '中小微企业凭信用向合作银行在线申请贷款，享受守信激励措施。',
    basis: ['《关于深入开展“信易贷”支持中小微企业融资的通知》'],
    conditions: ['在本市登记注册的中小微企业或个体工商户', '无严重失信记录'],
    materials: ['企业授权书（在线签署）', '银行要求的其他资料'],
    steps: ['进入“信易贷”专区注册企业账号', '授权平台调用公共信用信息', '选择信贷产品提交申请', '银行审批并放款'],
    timeLimit: '银行受理后3个工作日内联系企业',
    fee: '平台服务不收费',
    onlinePath: '/xyd',
  },
];

// ---------------------------------------------------------------------------------------------

/** Annual report figures in display order; the first four are the headline. */
export const REPORT_FIGURES = [
  { key: 'records', label: '归集公共信用信息', unit: '亿条' },
  { key: 'loans', label: '“信易贷”累计放款', unit: '亿元' },
  { key: 'reports', label: '出具信用报告', unit: '份' },
  { key: 'repairs', label: '办结信用修复', unit: '件' },
  { key: 'disclosures', label: '“双公示”信息', unit: '万条' },
  { key: 'objections', label: '办结信用异议', unit: '件' },
  { key: 'commitments', label: '签署信用承诺书', unit: '万份' },
  { key: 'visits', label: '网站访问量', unit: '万人次' },
] as const;
export type ReportFigureKey = (typeof REPORT_FIGURES)[number]['key'];

export interface AnnualReportText {
  year: number;
  releaseDate: string;
  values: Readonly<Record<ReportFigureKey, number>>;
  summary: string;
  /** What the year achieved, chapter by chapter (plain sentences; the figures are woven in by the generator). */
  milestones: {
    sharing: readonly string[];
    supervision: readonly string[];
    services: readonly string[];
    culture: readonly string[];
    next: readonly string[];
  };
}

export const ANNUAL_REPORTS: readonly AnnualReportText[] = [
  {
    year: 2022,
    releaseDate: '2023-03-20',
    values: {
      records: 4.26,
      loans: 28.5,
      reports: 12480,
      repairs: 1865,
      disclosures: 38.6,
      objections: 214,
      commitments: 6.8,
      visits: 326,
    },
    summary:
      '2022年，云州市以公共信用信息平台升级为抓手，打通部门数据壁垒，上线个人公共信用信息报告移动查询，社会信用体系建设基础持续夯实。',
    milestones: {
      sharing: [
        '完成公共信用信息平台二期升级，接入市级部门和公共服务单位68家',
        '发布《云州市公共信用信息目录（2022年版）》，明确归集事项1,126项',
      ],
      supervision: ['在市场监管、税务、建筑等8个领域试行信用分级分类监管', '建立失信主体名单认定和退出工作机制'],
      services: ['上线个人公共信用信息报告移动端查询服务', '“信易贷”平台正式运行，首批入驻银行5家'],
      culture: ['开展“诚信兴商宣传月”活动，发放宣传资料3万余份', '评选发布首批“诚信示范企业”50家'],
      next: ['推进信用分级分类监管扩面', '启动地方信用立法前期研究', '扩大“信易贷”合作银行范围'],
    },
  },
  {
    year: 2023,
    releaseDate: '2024-03-18',
    values: {
      records: 5.83,
      loans: 41.3,
      reports: 18960,
      repairs: 2430,
      disclosures: 45.2,
      objections: 268,
      commitments: 9.1,
      visits: 412,
    },
    summary: '2023年，云州市建成信用分级分类监管系统，推行以专项信用报告代替无违法违规记录证明，信用惠民便企成效明显。',
    milestones: {
      sharing: [
        '新增接入区级部门和公用事业单位42家，实现区级数据归集全覆盖',
        '“双公示”数据报送合规率、及时率均达到99%以上',
      ],
      supervision: [
        '建成信用分级分类监管系统，覆盖监管领域扩大至21个',
        '对严重失信主体开展专项治理，推动失信主体信用修复',
      ],
      services: ['推行以专项信用报告代替有无违法违规记录证明，覆盖21个领域', '在各区政务服务中心开设信用服务专窗'],
      culture: ['开展“诚信建设万里行”活动，组织进社区、进校园宣讲120场', '发布信用修复、守信激励典型案例两批'],
      next: ['推动出台地方性信用法规', '深化信用信息在融资领域的应用', '提升平台智能化服务水平'],
    },
  },
  {
    year: 2024,
    releaseDate: '2025-03-17',
    values: {
      records: 7.41,
      loans: 56.8,
      reports: 26350,
      repairs: 3127,
      disclosures: 52.9,
      objections: 305,
      commitments: 11.7,
      visits: 538,
    },
    summary:
      '2024年，《云州市社会信用条例》正式施行，信用立法、信用监管、信用服务协同推进，社会信用体系建设迈入法治化、规范化新阶段。',
    milestones: {
      sharing: ['建成公共信用信息数据仓，数据更新由按月改为按日', '与省公共信用信息平台实现双向实时共享'],
      supervision: ['信用分级分类监管覆盖全部重点监管领域', '上线“信用+网格”基层治理应用，在3个区先行试点'],
      services: ['“信易贷”入驻银行增至7家，上架信贷产品14款', '信用修复实现“一网通办”，平均办理时间缩短至3个工作日'],
      culture: ['组织《云州市社会信用条例》宣传解读活动200余场', '评选发布“诚信示范企业”和“诚信示范个体户”共200户'],
      next: ['落实社会信用条例配套制度', '拓展信用在基层治理中的应用场景', '加强个人信息保护和数据安全'],
    },
  },
];
