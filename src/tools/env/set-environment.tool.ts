import { TmuxTool } from '../common/tmux-tool.decorator';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { EnvironmentSetResult } from '../../models/environment-set-result.model';
import { TargetResolver } from '../../services/target-resolver.service';
import { TmuxServerPool } from '../../services/tmux-server-pool.service';
import { environmentFlags } from './environment-scope';
import { SetEnvironmentInput } from './set-environment.input';

@TmuxTool({
  name: 'set_environment',
  tier: 'mutating',
  title: 'Set tmux Environment',
  description:
    'Set a tmux environment variable, global or of one session (session_name/session_id). New panes inherit it; running shells do not.',
  input: SetEnvironmentInput,
  output: EnvironmentSetResult,
})
export class SetEnvironmentTool implements ToolHandler<SetEnvironmentInput, EnvironmentSetResult> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly targets: TargetResolver,
  ) {}

  async execute(input: SetEnvironmentInput): Promise<EnvironmentSetResult> {
    const engine = this.pool.engineOf(input);
    const flags = await environmentFlags(engine, this.targets, input);
    // `--`: a name starting with '-' is a name, not a flag (docs/reference/tools.md#names-and-escaping).
    await engine.run(['set-environment', ...flags, '--', input.name, input.value]);
    return { name: input.name, value: input.value, status: 'set' };
  }
}
