import { TmuxTool } from '../common/tmux-tool.decorator';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { WindowInfo } from '../../models/window-info.model';
import { TargetResolver } from '../../services/target-resolver.service';
import { CallTargets } from '../../services/call-targets.service';
import type { TmuxEngine } from '../../tmux/tmux-engine';
import { TmuxObjectDoesNotExist } from '../../tmux/tmux-errors';
import { MoveWindowInput } from './move-window.input';
import { WindowRefresh } from './window-refresh.service';

@TmuxTool({
  name: 'move_window',
  tier: 'mutating',
  title: 'Move tmux Window',
  description: 'Move a tmux window to another index and/or session.',
  input: MoveWindowInput,
  output: WindowInfo,
})
export class MoveWindowTool implements ToolHandler<MoveWindowInput, WindowInfo> {
  constructor(
    private readonly targets: CallTargets,
    private readonly resolver: TargetResolver,
    private readonly refresh: WindowRefresh,
  ) {}

  async execute(input: MoveWindowInput): Promise<WindowInfo> {
    const { engine, window: w } = await this.targets.window(input);
    // docs/reference/tools.md#explicit-targets: the default destination is the window's own
    // session, never tmux's "current" one.
    const dest = input.destination_session != null ? await this.destination(engine, input.destination_session) : w.session_id;
    // Source `$S:@W` names exactly the link we resolved (a window can be linked into several
    // sessions); `$S:` with an empty index lets tmux pick the next free index.
    await engine.run(['move-window', '-s', `${w.session_id}:${w.window_id}`, '-t', `${dest}:${input.destination_index}`]);
    return this.refresh.info(engine, w.window_id, dest);
  }

  /**
   * `$N` matches a session id first, then (tmux stores `$` in names as `\$`,
   * docs/reference/tools.md#session-names) a session really named like that; anything else is an
   * exact name (never tmux's prefix rules, docs/reference/tools.md#move_window).
   */
  private async destination(engine: TmuxEngine, given: string): Promise<string> {
    if (!/^\$\d+$/.test(given)) return (await this.resolver.session(engine, { session_name: given })).session_id;
    try {
      return (await this.resolver.session(engine, { session_id: given })).session_id;
    } catch (byId) {
      if (!(byId instanceof TmuxObjectDoesNotExist)) throw byId;
      const named = await this.resolver.session(engine, { session_name: given }).catch(() => undefined);
      if (named) return named.session_id;
      throw byId;
    }
  }
}
