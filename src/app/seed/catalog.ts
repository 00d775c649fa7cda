/**
 * Demo catalogue: the games, their platforms and zones, and the vocabulary used to write listing
 * titles. Pure data (one type import), shared by the seed (seed.ts) and the cover generator
 * (scripts/generate-covers.ts), so a game's slug always matches its files in public/covers/.
 */
import type { GameListingAttr } from '~/features/catalog/rules/game-listing-attrs';

export interface PlatformSeed {
  name: string;
  /** Zones that belong to this platform only. */
  zones: readonly string[];
}

export interface GameSeed {
  name: string;
  /** ASCII, used in URLs and cover file names. */
  slug: string;
  isHot: boolean;
  /** spec §4 maintenance: maintenance_status 1 and is_suspended 1. */
  maintenance: boolean;
  hasHafuCoin: boolean;
  platforms: readonly PlatformSeed[];
  /** Zones open to every platform of the game (platform_id null). */
  sharedZones: readonly string[];
  /** How many demo listings the game gets. */
  listingCount: number;
  /** Rank names, best first (the better the rank, the higher the price). */
  ranks: readonly string[];
  /** Attribute name for the rank (段位 for most games). */
  rankAttr: string;
  /** Highlights that make a title: skins, heroes, weapons. */
  highlights: readonly string[];
  /** Attribute name and range for the skin count. */
  skinAttr: string;
  skinRange: readonly [number, number];
  /** Attribute name and range for the hero count; null when the game has none. */
  heroAttr: string | null;
  heroRange: readonly [number, number];
  /** Hourly price range in yuan before the rank premium. */
  priceYuan: readonly [number, number];
  /** Cover palette: gradient from, gradient to, accent. */
  colors: readonly [string, string, string];
  /** Short English-free tagline drawn on the covers. */
  tagline: string;
}

const MOBILE_QQ_WECHAT: readonly PlatformSeed[] = [
  { name: '安卓QQ', zones: ['QQ区'] },
  { name: '安卓微信', zones: ['微信区'] },
  { name: '苹果QQ', zones: ['QQ区'] },
  { name: '苹果微信', zones: ['微信区'] },
];

export const GAME_CATALOG: readonly GameSeed[] = [
  {
    name: '三角洲行动',
    slug: 'sjz',
    isHot: true,
    maintenance: false,
    hasHafuCoin: true,
    platforms: [
      { name: 'PC端', zones: ['官服', 'WeGame', 'Steam'] },
      { name: '安卓QQ', zones: ['QQ区'] },
      { name: '安卓微信', zones: ['微信区'] },
      { name: '苹果QQ', zones: ['QQ区'] },
      { name: '苹果微信', zones: ['微信区'] },
    ],
    sharedZones: [],
    listingCount: 60,
    ranks: ['三角洲巅峰', '黑鹰', '钻石', '铂金', '黄金', '白银'],
    rankAttr: '段位',
    highlights: ['威龙-蛇王', '红狼-夜枭', '骇爪-电玩高手', '蜂医-白衣天使', '露娜-星辉', '牧羊人-荒原', 'M4A1-烈焰', 'AWM-龙息', '满改腾龙', '六套满配', '金色刀皮'],
    skinAttr: '皮肤数量',
    skinRange: [5, 180],
    heroAttr: '干员数量',
    heroRange: [6, 14],
    priceYuan: [2, 18],
    colors: ['#0f2027', '#2c5364', '#f5a623'],
    tagline: '哈夫币预充 · 烽火地带',
  },
  {
    name: '王者荣耀',
    slug: 'wzry',
    isHot: true,
    maintenance: false,
    hasHafuCoin: false,
    platforms: [
      { name: '安卓QQ', zones: ['QQ1区', 'QQ17区', 'QQ88区', 'QQ218区'] },
      { name: '安卓微信', zones: ['微信1区', '微信36区', '微信158区'] },
      { name: '苹果QQ', zones: ['苹果QQ2区', '苹果QQ66区'] },
      { name: '苹果微信', zones: ['苹果微信3区', '苹果微信99区'] },
    ],
    sharedZones: [],
    listingCount: 45,
    ranks: ['荣耀王者', '无双王者', '最强王者', '至尊星耀', '永恒钻石', '尊贵铂金'],
    rankAttr: '段位',
    highlights: ['李白-凤求凰', '孙悟空-大圣娶亲', '貂蝉-仲夏夜之梦', '诸葛亮-武陵仙君', '韩信-街头霸王', '露娜-紫霞仙子', '后羿-辉光之辰', '赵云-引擎之心', '李白-千年之狐', '孙尚香-末日机甲', '瑶-遇见神鹿', '澜-鲨之猎刃', '典藏皮肤', '荣耀典藏'],
    skinAttr: '皮肤数量',
    skinRange: [40, 420],
    heroAttr: '英雄数量',
    heroRange: [50, 124],
    priceYuan: [1, 12],
    colors: ['#1a2a6c', '#b21f1f', '#fdbb2d'],
    tagline: '峡谷排位 · 全皮肤',
  },
  {
    name: '和平精英',
    slug: 'hpjy',
    isHot: true,
    maintenance: false,
    hasHafuCoin: false,
    platforms: MOBILE_QQ_WECHAT,
    sharedZones: [],
    listingCount: 35,
    ranks: ['无敌战神', '超级王牌', '王牌', '皇冠', '钻石', '铂金'],
    rankAttr: '段位',
    highlights: ['玛莎拉蒂套装', '特斯拉联名', '金龙AKM', '冰霜之翼M416', '灵狐者套装', '黄金蜘蛛', '海岛之王', '火箭少女套装', '粉色M416', '六级头'],
    skinAttr: '皮肤数量',
    skinRange: [20, 300],
    heroAttr: null,
    heroRange: [0, 0],
    priceYuan: [1, 10],
    colors: ['#134e5e', '#71b280', '#ffe259'],
    tagline: '特种兵集结 · 吃鸡上分',
  },
  {
    name: '英雄联盟',
    slug: 'lol',
    isHot: true,
    maintenance: false,
    hasHafuCoin: false,
    platforms: [{ name: 'PC端', zones: [] }],
    sharedZones: ['艾欧尼亚', '黑色玫瑰', '祖安', '诺克萨斯', '德玛西亚', '比尔吉沃特', '峡谷之巅', '班德尔城'],
    listingCount: 35,
    ranks: ['最强王者', '傲世宗师', '超凡大师', '璀璨钻石', '华贵铂金', '荣耀黄金'],
    rankAttr: '段位',
    highlights: ['亚索-源计划', '阿狸-星之守护者', '盲僧-龙的传人', '劫-至高之拳', '瑞雯-灵魂莲华', '卡莎-K/DA', '伊泽瑞尔-未来战士', '金克丝-奥德赛', '至臻皮肤', '全英雄'],
    skinAttr: '皮肤数量',
    skinRange: [30, 600],
    heroAttr: '英雄数量',
    heroRange: [60, 170],
    priceYuan: [2, 14],
    colors: ['#0b1a2e', '#1e3c72', '#c8aa6e'],
    tagline: '召唤师峡谷 · 排位无忧',
  },
  {
    name: '穿越火线',
    slug: 'cf',
    isHot: false,
    maintenance: false,
    hasHafuCoin: false,
    platforms: [{ name: 'PC端', zones: [] }],
    sharedZones: ['电信一区', '电信二区', '网通一区', '广东一区', '四川一区', '浙江一区'],
    listingCount: 20,
    ranks: ['传说', '枪神', '超凡', '大师', '钻石'],
    rankAttr: '段位',
    highlights: ['AK47-火麒麟', 'M4A1-雷神', '巴雷特-极光', '沙鹰-黑龙', 'AWM-天龙', 'M4A1-黑骑士', '屠龙', '英雄级全套'],
    skinAttr: '英雄级武器',
    skinRange: [3, 120],
    heroAttr: null,
    heroRange: [0, 0],
    priceYuan: [1, 8],
    colors: ['#232526', '#414345', '#e52d27'],
    tagline: '英雄级武器 · 爆破排位',
  },
  {
    name: '原神',
    slug: 'ys',
    isHot: false,
    maintenance: false,
    hasHafuCoin: false,
    platforms: [
      { name: '官服', zones: ['天空岛'] },
      { name: 'B服', zones: ['世界树'] },
    ],
    sharedZones: [],
    listingCount: 20,
    ranks: ['冒险等级60', '冒险等级58', '冒险等级55', '冒险等级50', '冒险等级45'],
    rankAttr: '冒险等级',
    highlights: ['雷电将军满命', '胡桃专武', '神里绫华', '纳西妲', '钟离', '芙宁娜', '那维莱特', '夜兰', '甘雨', '满级深渊'],
    skinAttr: '五星角色',
    skinRange: [3, 30],
    heroAttr: '角色数量',
    heroRange: [35, 95],
    priceYuan: [2, 12],
    colors: ['#41295a', '#2f0743', '#ffd194'],
    tagline: '提瓦特冒险 · 满命角色',
  },
  {
    name: '永劫无间',
    slug: 'yjwj',
    isHot: true,
    maintenance: false,
    hasHafuCoin: false,
    platforms: [{ name: 'PC端', zones: [] }],
    sharedZones: ['网易官服', 'Steam'],
    listingCount: 25,
    ranks: ['无间', '龙隐', '陨星', '铂金', '黄金'],
    rankAttr: '段位',
    highlights: ['胡桃-鬼面', '季沧海-国潮', '宁红夜-花开', '迦南-影舞', '顾清寒-寒刃', '金色太刀', '红色阔刀', '全英雄'],
    skinAttr: '皮肤数量',
    skinRange: [10, 260],
    heroAttr: '英雄数量',
    heroRange: [8, 22],
    priceYuan: [2, 15],
    colors: ['#200122', '#6f0000', '#f7c873'],
    tagline: '聚窟州 · 武侠吃鸡',
  },
  {
    name: '无畏契约',
    slug: 'wwqy',
    isHot: true,
    maintenance: false,
    hasHafuCoin: false,
    platforms: [{ name: 'PC端', zones: [] }],
    sharedZones: ['国服'],
    listingCount: 25,
    ranks: ['辐能战魂', '超凡入圣', '神话', '钻石', '铂金'],
    rankAttr: '段位',
    highlights: ['侦察力量-幻象', '离子-暴徒', '掠夺印象-狂徒', '电玩高手刀', '至尊龙焰', '复仇女神', '盖亚之复仇', '满英雄'],
    skinAttr: '皮肤数量',
    skinRange: [5, 150],
    heroAttr: '英雄数量',
    heroRange: [12, 27],
    priceYuan: [2, 16],
    colors: ['#0f0c29', '#302b63', '#ff4655'],
    tagline: '战术射击 · 刀皮满配',
  },
  {
    name: '第五人格',
    slug: 'dwrg',
    isHot: false,
    maintenance: false,
    hasHafuCoin: false,
    platforms: [
      { name: '安卓', zones: [] },
      { name: '苹果', zones: [] },
    ],
    sharedZones: ['国服'],
    listingCount: 18,
    ranks: ['巅峰七阶', '六阶', '五阶', '四阶'],
    rankAttr: '段位',
    highlights: ['红蝶-白无垢', '杰克-雾都夜行者', '调香师-浮生', '红夫人-玫瑰', '宿伞之魂-金皮', '约瑟夫-金皮', '限定金皮'],
    skinAttr: '皮肤数量',
    skinRange: [20, 400],
    heroAttr: '角色数量',
    heroRange: [20, 70],
    priceYuan: [1, 8],
    colors: ['#2c3e50', '#4ca1af', '#f8e9a1'],
    tagline: '庄园对决 · 限定金皮',
  },
  {
    name: '绝地求生',
    slug: 'pubg',
    isHot: false,
    maintenance: false,
    hasHafuCoin: false,
    platforms: [{ name: 'Steam', zones: [] }],
    sharedZones: ['亚洲服', '国服'],
    listingCount: 18,
    ranks: ['大师', '钻石', '白金', '黄金'],
    rankAttr: '段位',
    highlights: ['黄金AKM', 'M416-冰川', '大吉大利套装', '绝版皮肤', '满级枪皮', '全载具皮肤'],
    skinAttr: '皮肤数量',
    skinRange: [10, 350],
    heroAttr: null,
    heroRange: [0, 0],
    priceYuan: [1, 10],
    colors: ['#3e2723', '#8d6e63', '#ffb300'],
    tagline: '大吉大利 · 今晚吃鸡',
  },
  {
    name: '地下城与勇士',
    slug: 'dnf',
    isHot: false,
    maintenance: false,
    hasHafuCoin: false,
    platforms: [{ name: 'PC端', zones: [] }],
    sharedZones: ['跨区一', '跨区二', '跨区三A', '广东一区', '上海二区', '浙江二区'],
    listingCount: 15,
    ranks: ['名望6万', '名望5万', '名望4万', '名望3万'],
    rankAttr: '名望',
    highlights: ['剑魂', '狂战士', '元素师', '奶爸', '鬼泣', '满增幅', '史诗毕业', '神话装备', '天空套'],
    skinAttr: '时装数量',
    skinRange: [5, 90],
    heroAttr: '角色数量',
    heroRange: [3, 40],
    priceYuan: [1, 9],
    colors: ['#141e30', '#243b55', '#e2a03f'],
    tagline: '阿拉德大陆 · 搬砖打团',
  },
  {
    name: '火影忍者',
    slug: 'hyrz',
    isHot: false,
    maintenance: false,
    hasHafuCoin: false,
    platforms: MOBILE_QQ_WECHAT,
    sharedZones: [],
    listingCount: 15,
    ranks: ['超影', '影', '上忍', '中忍'],
    rankAttr: '段位',
    highlights: ['鼬-须佐能乎', '带土-六道', '斑-秽土转生', '佐助-须佐', '鸣人-九喇嘛连结', '全S忍'],
    skinAttr: 'S忍数量',
    skinRange: [5, 80],
    heroAttr: '忍者数量',
    heroRange: [60, 200],
    priceYuan: [1, 8],
    colors: ['#ff512f', '#dd2476', '#fff3b0'],
    tagline: '忍界决斗 · 全S忍',
  },
  {
    name: '金铲铲之战',
    slug: 'jcc',
    isHot: false,
    maintenance: false,
    hasHafuCoin: false,
    platforms: MOBILE_QQ_WECHAT,
    sharedZones: [],
    listingCount: 12,
    ranks: ['超凡大师', '璀璨钻石', '华贵铂金', '荣耀黄金'],
    rankAttr: '段位',
    highlights: ['至臻小小英雄', '传说棋盘', '星守阿狸', '炫彩攻击特效', '全传说'],
    skinAttr: '小小英雄数量',
    skinRange: [5, 120],
    heroAttr: null,
    heroRange: [0, 0],
    priceYuan: [1, 6],
    colors: ['#1d4350', '#a43931', '#f9d976'],
    tagline: '自走棋对局 · 传说小小英雄',
  },
  {
    name: '逆战',
    slug: 'nz',
    isHot: false,
    maintenance: true,
    hasHafuCoin: false,
    platforms: [{ name: 'PC端', zones: [] }],
    sharedZones: ['电信区', '网通区'],
    listingCount: 10,
    ranks: ['猎场全通', '塔防大师', '机甲精英', '新兵'],
    rankAttr: '段位',
    highlights: ['天启', '光影之刃', '雷神', '神器全套', '猎场毕业'],
    skinAttr: '神器数量',
    skinRange: [1, 40],
    heroAttr: null,
    heroRange: [0, 0],
    priceYuan: [1, 6],
    colors: ['#000428', '#004e92', '#00d2ff'],
    tagline: '猎场塔防 · 神器全套',
  },
];

/**
 * What a listing of the game states (games.listing_attrs): the rank as a choice of the game's
 * ranks (best first), then the hero and skin counts as whole numbers from 0 to the most an account
 * of the game holds here. The demo listings draw their values from the same ranks and ranges.
 */
export function listingAttrDefs(game: GameSeed): GameListingAttr[] {
  return [
    { name: game.rankAttr, kind: 'choice', choices: [...game.ranks], required: true },
    ...(game.heroAttr ? [{ name: game.heroAttr, kind: 'number' as const, min: 0, max: game.heroRange[1], required: false }] : []),
    { name: game.skinAttr, kind: 'number', min: 0, max: game.skinRange[1], required: false },
  ];
}

/** Cover variants per game: public/covers/<slug>-<n>.svg for n = 1..COVER_VARIANTS. */
export const COVER_VARIANTS = 4;

export function coverPath(slug: string, variant: number): string {
  return `/covers/${slug}-${variant}.svg`;
}

export function iconPath(slug: string): string {
  return `/covers/${slug}-icon.svg`;
}

/** Phrases that close a listing title. */
export const TITLE_TAGS = ['秒上号', '可排位', '顶级号', '新手友好', '战力高', '可上分', '防沉迷已过', '稳定不封', '周末特惠', '人气爆款', '性价比高', '全天可租'] as const;

/** Syllables for role names: first + second. */
export const ROLE_NAME_PARTS = [
  ['孤城', '清风', '夜雨', '北笙', '星河', '浅笑', '南风', '落尘', '墨染', '听雨', '白夜', '长安', '无名', '半夏', '青衫', '凉城', '故里', '云深'],
  ['剑客', '少年', '不语', '丶', '灬', '未央', '小可爱', '大魔王', '执念', '归来', '独行', 'の猫', '不归', '旧梦', '流年', '一笑', '酱', '君'],
] as const;

/** Restricted daily windows (spec rental_time 'HH:mm-HH:mm'); the rest of the listings use all day. */
export const RESTRICTED_RENTAL_TIMES = ['08:00-23:00', '09:00-22:00', '10:00-23:59', '18:00-02:00', '07:00-23:30', '12:00-20:00'] as const;
