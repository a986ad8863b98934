import { TmuxTool } from '../common/tmux-tool.decorator';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { HookListResult } from '../../models/hook-list-result.model';
import { parseHookLines } from '../../services/hook-entries';
import { OptionScopeService } from '../../services/option-scope.service';
import { TmuxServerPool } from '../../services/tmux-server-pool.service';
import { ShowHooksInput } from './show-hooks.input';

@TmuxTool({
  name: 'show_hooks',
  tier: 'readonly',
  title: 'Show tmux Hooks',
  description: "List the tmux hooks set at a scope (hooks are read-only here). scope='server' includes global window and pane hooks.",
  input: ShowHooksInput,
  output: HookListResult,
})
export class ShowHooksTool implements ToolHandler<ShowHooksInput, HookListResult> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly scopes: OptionScopeService,
  ) {}

  async execute(input: ShowHooksInput): Promise<HookListResult> {
    const engine = this.pool.engineOf(input);
    const flags = await this.scopes.flags(engine, input, 'hook');
    const lines = await engine.run(['show-hooks', ...flags]);
    // Window and pane hooks live in the global window tree, which `-g` alone does not show.
    if (input.scope === 'server' && input.target == null) lines.push(...(await engine.run(['show-hooks', '-gw'])));
    return { entries: parseHookLines(lines) };
  }
}
