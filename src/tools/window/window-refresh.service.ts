import { injectable } from 'tsyringe';
import { safeText } from '../../framework/validation/safe-repr';
import type { WindowInfo } from '../../models/window-info.model';
import { HierarchyService } from '../../services/hierarchy.service';
import { ModelSerializer } from '../../services/model-serializer.service';
import type { TmuxEngine } from '../../tmux/tmux-engine';
import { TmuxObjectDoesNotExist } from '../../tmux/tmux-errors';

/**
 * Re-reads a window after a tool acted on it (docs/reference/tools.md#fresh-results: never stale
 * metadata, e.g. the layout after select_layout or the index after move_window). A window linked
 * into several sessions is listed once per session: the row of `sessionId` is preferred so the
 * result stays in the session the caller targeted.
 */
@injectable()
export class WindowRefresh {
  constructor(
    private readonly hierarchy: HierarchyService,
    private readonly serializer: ModelSerializer,
  ) {}

  async info(engine: TmuxEngine, windowId: string, sessionId?: string | null): Promise<WindowInfo> {
    const rows = (await this.hierarchy.windows(engine)).filter((w) => w.window_id === windowId);
    const row = rows.find((w) => w.session_id === sessionId) ?? rows[0];
    if (!row) throw new TmuxObjectDoesNotExist(`Could not find window_id=${safeText(windowId)} for list-windows`);
    return this.serializer.window(row);
  }
}
