/**
 * Plain names of league scoring settings, for sentences such as "Not applied to our points: sacks taken".
 * Keys are Sleeper's scoring keys (the app's own), ESPN stat ids kept as `espn_<id>` and Yahoo stat ids kept as
 * `yahoo_<id>` when a league scores a stat our points have no rule for. Every key gets words: a key missing from
 * the tables is spelled out word by word, never shown raw.
 */

const SLEEPER_LABELS: Readonly<Record<string, string>> = {
  pass_att: 'pass attempts',
  pass_cmp: 'completions',
  pass_inc: 'incompletions',
  pass_sack: 'sacks taken',
  pass_int_td: 'pick-sixes thrown',
  pass_cmp_40p: '40+ yard completions',
  pass_fd: 'passing first downs',
  rush_fd: 'rushing first downs',
  rec_fd: 'receiving first downs',
  rec_tgt: 'targets',
  rush_att: 'rushing attempts',
  rush_40p: '40+ yard runs',
  rec_40p: '40+ yard catches',
  fum: 'fumbles',
  fum_lost: 'fumbles lost',
  fum_rec_td: 'fumble recovery touchdowns',
  int_ret_yd: 'interception return yards',
  fum_ret_yd: 'fumble return yards',
  kr_yd: 'kick return yards',
  pr_yd: 'punt return yards',
  st_td: 'special teams touchdowns',
  st_ff: 'special teams forced fumbles',
  st_fum_rec: 'special teams fumble recoveries',
  st_tkl_solo: 'special teams solo tackles',
  def_td: 'defense touchdowns',
  def_st_td: 'defense return touchdowns',
  def_st_ff: 'defense special teams forced fumbles',
  def_st_fum_rec: 'defense special teams fumble recoveries',
  def_st_tkl_solo: 'defense special teams solo tackles',
  def_2pt: 'defensive two-point returns',
  def_3_and_out: 'three-and-outs',
  def_4_and_stop: 'fourth-down stops',
  def_forced_punts: 'forced punts',
  def_pass_def: 'passes defended',
  def_kr_yd: 'defense kick return yards',
  def_pr_yd: 'defense punt return yards',
  blk_kick: 'blocked kicks',
  safe: 'safeties',
  sack: 'sacks',
  sack_yd: 'sack yards',
  int: 'interceptions',
  ff: 'forced fumbles',
  fum_rec: 'fumble recoveries',
  tkl_loss: 'tackles for loss',
  qb_hit: 'QB hits',
  pts_allow: 'points allowed',
  yds_allow: 'yards allowed',
  fgm: 'field goals made',
  fgmiss: 'field goals missed',
  fgm_yds: 'field goal yards',
  fgm_yds_over_30: 'field goal yards over 30',
  xpm: 'extra points made',
  xpmiss: 'extra points missed',
  bonus_rec_rb: 'running back reception bonus',
  bonus_rec_wr: 'wide receiver reception bonus',
  bonus_rec_te: 'tight end reception bonus',
  idp_tkl: 'defender tackles',
  idp_tkl_solo: 'defender solo tackles',
  idp_tkl_ast: 'defender assisted tackles',
  idp_tkl_loss: 'defender tackles for loss',
  idp_sack: 'defender sacks',
  idp_qb_hit: 'defender QB hits',
  idp_int: 'defender interceptions',
  idp_ff: 'defender forced fumbles',
  idp_fum_rec: 'defender fumble recoveries',
  idp_pass_def: 'defender passes defended',
  idp_def_td: 'defender touchdowns',
  idp_safe: 'defender safeties',
  idp_blk_kick: 'defender blocked kicks',
};

/** ESPN's stat ids by what they count (ESPN's league settings name stats by id only). */
const ESPN_LABELS: Readonly<Record<number, string>> = {
  0: 'pass attempts',
  1: 'completions',
  2: 'incompletions',
  3: 'passing yards',
  4: 'passing touchdowns',
  15: '40+ yard passing touchdowns',
  16: '50+ yard passing touchdowns',
  17: '300–399 passing yard games',
  18: '400+ passing yard games',
  19: 'passing two-point conversions',
  20: 'interceptions thrown',
  23: 'rushing attempts',
  24: 'rushing yards',
  25: 'rushing touchdowns',
  26: 'rushing two-point conversions',
  35: '40+ yard rushing touchdowns',
  36: '50+ yard rushing touchdowns',
  37: '100–199 rushing yard games',
  38: '200+ rushing yard games',
  42: 'receiving yards',
  43: 'receiving touchdowns',
  44: 'receiving two-point conversions',
  45: '40+ yard receiving touchdowns',
  46: '50+ yard receiving touchdowns',
  53: 'receptions',
  56: '100–199 receiving yard games',
  57: '200+ receiving yard games',
  58: 'targets',
  63: 'fumble recovery touchdowns',
  64: 'sacks taken',
  68: 'fumbles',
  72: 'fumbles lost',
  74: '50+ yard field goals',
  76: '50+ yard field goals missed',
  77: '40–49 yard field goals',
  79: '40–49 yard field goals missed',
  80: 'field goals under 40 yards',
  82: 'field goals under 40 yards missed',
  83: 'field goals made',
  85: 'field goals missed',
  86: 'extra points made',
  88: 'extra points missed',
  89: 'defense: 0 points allowed',
  90: 'defense: 1–6 points allowed',
  91: 'defense: 7–13 points allowed',
  92: 'defense: 14–17 points allowed',
  93: 'defense: blocked kick return touchdowns',
  94: 'defense touchdowns',
  95: 'defense interceptions',
  96: 'defense fumble recoveries',
  97: 'defense blocked kicks',
  98: 'defense safeties',
  99: 'defense sacks',
  101: 'kick return touchdowns',
  102: 'punt return touchdowns',
  103: 'defense fumble return touchdowns',
  104: 'defense interception return touchdowns',
  106: 'defense forced fumbles',
  114: 'kick return yards',
  115: 'punt return yards',
  120: 'defense points allowed',
  121: 'defense: 18–21 points allowed',
  122: 'defense: 22–27 points allowed',
  123: 'defense: 28–34 points allowed',
  124: 'defense: 35–45 points allowed',
  125: 'defense: 46+ points allowed',
  127: 'defense yards allowed',
  128: 'defense: under 100 yards allowed',
  129: 'defense: 100–199 yards allowed',
  130: 'defense: 200–299 yards allowed',
  131: 'defense: 300–349 yards allowed',
  132: 'defense: 350–399 yards allowed',
  133: 'defense: 400–449 yards allowed',
  134: 'defense: 450–499 yards allowed',
  135: 'defense: 500–549 yards allowed',
  136: 'defense: 550+ yards allowed',
  198: '50–59 yard field goals',
  201: '60+ yard field goals',
  206: 'defensive two-point returns',
  // 1PSF in ESPN's settings: a safety on a try after a touchdown, worth 1 point to the defense
  209: 'defense: one-point safeties',
};

/** Yahoo's NFL stat ids by what they count. */
const YAHOO_LABELS: Readonly<Record<number, string>> = {
  1: 'pass attempts',
  2: 'completions',
  3: 'incompletions',
  4: 'passing yards',
  5: 'passing touchdowns',
  6: 'interceptions thrown',
  7: 'sacks taken',
  8: 'rushing attempts',
  9: 'rushing yards',
  10: 'rushing touchdowns',
  11: 'receptions',
  12: 'receiving yards',
  13: 'receiving touchdowns',
  14: 'return yards',
  15: 'return touchdowns',
  16: 'two-point conversions',
  17: 'fumbles',
  18: 'fumbles lost',
  29: 'extra points made',
  30: 'extra points missed',
  31: 'defense points allowed',
  32: 'defense sacks',
  33: 'defense interceptions',
  34: 'defense fumble recoveries',
  35: 'defense touchdowns',
  36: 'defense safeties',
  37: 'defense blocked kicks',
  57: 'fumble recovery touchdowns',
  69: 'defense yards allowed',
  78: 'targets',
  82: 'defensive two-point returns',
};

/** Abbreviations of Sleeper's keys, for a key none of the tables name. */
const WORDS: Readonly<Record<string, string>> = {
  pass: 'passing',
  rush: 'rushing',
  rec: 'receiving',
  yd: 'yards',
  yds: 'yards',
  td: 'touchdowns',
  att: 'attempts',
  cmp: 'completions',
  inc: 'incompletions',
  int: 'interceptions',
  fum: 'fumbles',
  fd: 'first downs',
  tgt: 'targets',
  tkl: 'tackles',
  ast: 'assisted',
  ff: 'forced fumbles',
  fgm: 'field goals',
  fgmiss: 'missed field goals',
  xpm: 'extra points',
  pts: 'points',
  allow: 'allowed',
  def: 'defense',
  st: 'special teams',
  idp: 'defender',
  kr: 'kick return',
  pr: 'punt return',
  ret: 'return',
  blk: 'blocked',
  qb: 'QB',
  rb: 'RB',
  wr: 'WR',
  te: 'TE',
  '2pt': 'two-point conversions',
};

const range = (low: string, high: string | undefined) =>
  high === undefined ? `${low.replace(/p$/, '')}+` : `${low}–${high}`;

/** Sleeper's families of range keys: points and yards allowed, kicks by distance, yardage bonuses, long touchdowns. */
const KEY_PATTERNS: readonly [RegExp, (...parts: string[]) => string][] = [
  [/^pts_allow_(\d+p?)(?:_(\d+))?$/, (low, high) => `defense: ${range(low!, high)} points allowed`],
  [/^yds_allow_(\d+p?)(?:_(\d+))?$/, (low, high) => `defense: ${range(low!, high)} yards allowed`],
  [/^fgm_(\d+p?)(?:_(\d+))?$/, (low, high) => `${range(low!, high)} yard field goals`],
  [/^fgmiss_(\d+p?)(?:_(\d+))?$/, (low, high) => `${range(low!, high)} yard field goals missed`],
  [/^bonus_(pass|rush|rec)_yd_(\d+)$/, (kind, yards) => `${yards}+ ${WORDS[kind!]} yard games`],
  [/^(pass|rush|rec)_td_(\d+)p$/, (kind, yards) => `${yards}+ yard ${WORDS[kind!]} touchdowns`],
];

function spelledOut(key: string): string {
  for (const [pattern, label] of KEY_PATTERNS) {
    const match = pattern.exec(key);
    if (match) return label(...match.slice(1));
  }
  return key
    .split('_')
    .map((part) => WORDS[part] ?? part.replace(/^(\d+)p$/, '$1+'))
    .join(' ');
}

const PLATFORM_KEY = /^(espn|yahoo)_(\d+)$/;
const PLATFORM_NAMES = { espn: 'ESPN', yahoo: 'Yahoo' } as const;

/** The plain name of one scoring setting key ("sacks taken", "defense: 18–21 points allowed", "Yahoo stat 91"). */
export function scoringSettingLabel(key: string): string {
  const platformKey = PLATFORM_KEY.exec(key);
  if (platformKey) {
    const platform = platformKey[1] as keyof typeof PLATFORM_NAMES;
    const id = Number(platformKey[2]);
    const label = (platform === 'espn' ? ESPN_LABELS : YAHOO_LABELS)[id];
    return label ?? `${PLATFORM_NAMES[platform]} stat ${id}`;
  }
  return SLEEPER_LABELS[key] ?? spelledOut(key);
}
