import { TmuxTool } from '../common/tmux-tool.decorator';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { HookListResult } from '../../models/hook-list-result.model';
import { parseHookLines } from '../../services/hook-entries';
import { OptionScopeService } from '../../services/option-scope.service';
import { LibTmuxException, TmuxNoServer } from '../../tmux/tmux-errors';
import { TmuxServerPool } from '../../services/tmux-server-pool.service';
import { ShowHookInput } from './show-hook.input';

@TmuxTool({
  name: 'show_hook',
  tier: 'readonly',
  title: 'Show tmux Hook',
  description: 'Show the commands of one tmux hook at a scope. Unset: no entries; unknown name: error.',
  input: ShowHookInput,
  output: HookListResult,
})
export class ShowHookTool implements ToolHandler<ShowHookInput, HookListResult> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly scopes: OptionScopeService,
  ) {}

  async execute(input: ShowHookInput): Promise<HookListResult> {
    const engine = this.pool.engineOf(input);
    const flags = await this.scopes.flags(engine, input, 'hook');
    let lines: string[];
    try {
      // `--`: a hook name starting with '-' is a name tmux rejects, not a flag.
      lines = await engine.run(['show-hooks', ...flags, '--', input.hook_name]);
    } catch (err) {
      // Some tmux versions answer "too many arguments" for a valid hook that is unset
      // (docs/reference/tools.md#show_hook); tmux 3.3a prints a bare name instead, which parses to
      // no entries.
      if (err instanceof LibTmuxException && !(err instanceof TmuxNoServer) && /too many arguments/.test(err.message))
        return { entries: [] };
      throw err;
    }
    return { entries: parseHookLines(lines) };
  }
}
