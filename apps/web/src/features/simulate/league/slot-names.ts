/** Short names of the slots whose platform names are long. */
const SLOT_NAMES: Record<string, string> = {
  SUPER_FLEX: 'SFLX',
  WRRB_FLEX: 'W/R',
  REC_FLEX: 'W/T',
  IDP_FLEX: 'IDP',
};

/** A line-up slot as the page shows it: "W/R" for WRRB_FLEX, "WR" for WR. */
export function slotName(label: string): string {
  return SLOT_NAMES[label] ?? label;
}
