/*
 * Word lists of the demo data set of the fictional city 云州市 (its places are in demo/place.ts).
 * Everything here is invented demo vocabulary; combinations of these words make the generated names.
 */

/** Splits a space-separated word list. */
const words = (list: string): readonly string[] => list.split(' ');

export const ROADS: readonly string[] = words(
  '湖滨路 东湖大道 文化路 人民路 建设路 新华街 滨海大道 南港路 港湾大道 北岭路 山前街 学府路 创业路 科技园路 金山路 长青路 和平街 中山路 解放路 望海路 龙泉路 梧桐街 莲花路 兴业路 云台路 白鹭路 嘉禾路 仙岳路 海景路 翠屏路',
);

/** Common surnames, roughly by frequency (earlier ones are picked more often). */
export const SURNAMES: readonly string[] = [
  ...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤',
];

export const GIVEN_NAME_CHARS: readonly string[] = [
  ...'伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉萍红鹏飞辉建国文斌宇浩凯健俊帆旭宁林欣彬琳晨婷雪颖鑫倩悦峰海波志成东亮春梅兰凤兵立新荣宏德远思雨佳嘉子涵睿哲晓云慧丹莉庆福生忠永泽航博铭怡诗梓轩宸瑶',
];

/** Characters that combine into trade names (字号) such as 恒信, 华泰, 鑫源. */
export const BRAND_CHARS: readonly string[] = [
  ...new Set([
    ...'恒信华泰鑫达源盛丰宏德誉兴隆嘉瑞安通海明博远弘睿联创新汇金正和祥润晟启航腾锦立益诚昌佳辉越鼎泽宇星凯永富裕鸿天中光荣顺合',
  ]),
];

/** Industry words of company names (行业表述). */
export const COMPANY_INDUSTRIES: readonly string[] = words(
  '科技 信息技术 网络科技 电子科技 贸易 商贸 进出口 实业 投资 建设工程 建筑工程 装饰工程 环保科技 新能源 物流 供应链管理 餐饮管理 食品 生物科技 医疗器械 医药 文化传媒 广告 教育咨询 企业管理咨询 物业管理 房地产开发 机械设备 汽车服务 电力工程 智能科技 软件 家具 服装 纺织 水产 农业开发 茶业 旅游 酒店管理 人力资源 检测技术 包装材料 新材料 海洋科技',
);

/** What a sole proprietor's shop is (个体工商户 names end with one of these). */
export const SHOP_TRADES: readonly string[] = words(
  '小吃店 便利店 水果店 理发店 五金店 早餐店 面馆 服装店 超市 烟酒商行 汽车修理店 粮油店 奶茶店 手机维修部 干洗店 花店 烘焙坊 茶叶店 文具店 母婴用品店 建材经营部 快餐店 大排档 烧烤店 蔬菜店 日用品店 眼镜店 美容店 足浴店 家电维修部 电动车行 宠物店 书店 水产店 鲜肉店 豆腐坊 米粉店 饺子馆 火锅店 咖啡馆 照相馆 图文打印店 鞋店 布艺店 灯具店 窗帘店 钟表店 渔具店 自行车行 糖水铺 卤味店 熟食店 酒坊 茶馆 洗车店 装潢店 锁具店 沙县小吃 牛肉面馆 海鲜排档',
);

/** The owner-style trade names of small shops: 李记, 王氏, 陈家 … */
export const OWNER_MARKERS: readonly string[] = ['记', '氏', '家', '哥', '姐', '嫂'];

/** Name endings of sole-investor enterprises (个人独资企业). */
export const SOLE_ENTERPRISE_TRADES: readonly string[] = words(
  '贸易商行 建材商行 电子经营部 五金经营部 食品商行 茶叶商行 设计工作室 广告工作室 摄影工作室 装饰工程部 汽车配件经营部 农资商行 文化传播工作室 软件开发工作室 水暖器材经营部 服装商行 工艺品商行 办公用品经营部 酒业商行 海产品商行',
);

/** Name endings of limited partnerships (有限合伙企业). */
export const PARTNERSHIP_TRADES: readonly string[] = words(
  '投资管理合伙企业（有限合伙） 股权投资合伙企业（有限合伙） 企业管理合伙企业（有限合伙） 创业投资合伙企业（有限合伙） 咨询服务合伙企业（有限合伙）',
);

/** What farmers' co-operatives (农民专业合作社) do. */
export const COOPERATIVE_TRADES: readonly string[] = words(
  '果蔬种植 茶叶 水产养殖 生猪养殖 食用菌 花卉苗木 农机服务 蜜蜂养殖 家禽养殖 蔬菜种植',
);
