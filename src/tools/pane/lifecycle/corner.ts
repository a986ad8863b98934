import type { Row } from '../../../services/tmux-formats';

export const CORNERS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export type Corner = (typeof CORNERS)[number];

const num = (s: string | undefined) => (s !== undefined && /^-?\d+$/.test(s) ? Number(s) : 0);

/**
 * Distance of a pane from a window corner, smaller is nearer
 * (docs/reference/tools.md#find_pane_by_position): top-left compares left+top, bottom-right prefers
 * the largest right+bottom, and so on. Unknown coordinates count as 0.
 */
function distance(row: Row, corner: Corner): number {
  const [v, h] = corner.split('-');
  const dv = v === 'top' ? num(row.pane_top) : -num(row.pane_bottom);
  const dh = h === 'left' ? num(row.pane_left) : -num(row.pane_right);
  return dv + dh;
}

/**
 * The pane at a window corner: panes whose `pane_at_<vertical>` and `pane_at_<horizontal>` are
 * both set; of several (a zoomed window reports the zoomed pane AND the hidden ones), the one
 * nearest the corner, then the active pane, then list order. Undefined when none qualifies.
 */
export function paneAtCorner(rows: readonly Row[], corner: Corner): Row | undefined {
  const [v, h] = corner.split('-');
  const hits = rows.filter((r) => r[`pane_at_${v}`] === '1' && r[`pane_at_${h}`] === '1');
  let best: Row | undefined;
  for (const r of hits) {
    if (!best) {
      best = r;
      continue;
    }
    const d = distance(r, corner) - distance(best, corner);
    if (d < 0 || (d === 0 && r.pane_active === '1' && best.pane_active !== '1')) best = r;
  }
  return best;
}
