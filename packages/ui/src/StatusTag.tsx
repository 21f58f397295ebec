import './status-tag.css';

/**
 * A player's availability tag ("Q", "D", "O", "IR", "Sus", "BYE"…), its meaning in the tooltip and for
 * screen readers. Nothing when healthy.
 */
export function StatusTag({ tag, reason }: { tag: string | null; reason?: string | null }) {
  if (!tag) return null;
  const tone = tag === 'Q' ? 'caution' : tag === 'BYE' ? 'muted' : 'danger';
  return (
    <abbr className={`status-tag status-tag--${tone}`} title={reason ?? tag}>
      {tag}
      {reason && <span className="status-tag__reason"> ({reason})</span>}
    </abbr>
  );
}
