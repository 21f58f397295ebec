/** Plain names of scoring settings a league may use that our points do not apply; others are shown by key. */
const SETTING_NAMES: Readonly<Record<string, string>> = {
  pass_sack: 'sacks taken',
  pass_int_td: 'pick-sixes thrown',
  int_ret_yd: 'interception return yards',
  fum_ret_yd: 'fumble return yards',
  def_3_and_out: 'three-and-outs',
  def_4_and_stop: 'fourth-down stops',
  def_forced_punts: 'forced punts',
  tkl_loss: 'tackles for loss',
  qb_hit: 'QB hits',
  def_pass_def: 'passes defended',
  sack_yd: 'sack yards',
  def_kr_yd: 'defense kick return yards',
  def_pr_yd: 'defense punt return yards',
  fum: 'fumbles',
  rush_40p: '40+ yard runs',
  rec_40p: '40+ yard catches',
  pass_cmp_40p: '40+ yard completions',
};

/**
 * The note shown near the points when a league scores settings we do not apply, e.g. "Not applied: sacks taken
 * (pass_sack), idp_tkl." — our points for those leagues can differ from the platform's, and the page says why.
 * Individual defensive player settings (idp_*) are named by key: the product scores no individual defenders.
 */
export function unsupportedScoringNote(keys: readonly string[]): string | null {
  if (keys.length === 0) return null;
  const named = keys.map((key) => (SETTING_NAMES[key] ? `${SETTING_NAMES[key]} (${key})` : key));
  return `Not applied to our points: ${named.join(', ')}.`;
}
