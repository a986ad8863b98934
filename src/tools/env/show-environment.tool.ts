import { TmuxTool } from '../common/tmux-tool.decorator';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { EnvironmentResult } from '../../models/environment-result.model';
import { TargetResolver } from '../../services/target-resolver.service';
import { TmuxServerPool } from '../../services/tmux-server-pool.service';
import { environmentFlags, parseEnvironment } from './environment-scope';
import { ShowEnvironmentInput } from './show-environment.input';

@TmuxTool({
  name: 'show_environment',
  tier: 'readonly',
  title: 'Show tmux Environment',
  description: 'Show the tmux environment, global or of one session. Variables removed from new processes map to true.',
  input: ShowEnvironmentInput,
  output: EnvironmentResult,
})
export class ShowEnvironmentTool implements ToolHandler<ShowEnvironmentInput, EnvironmentResult> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly targets: TargetResolver,
  ) {}

  async execute(input: ShowEnvironmentInput): Promise<EnvironmentResult> {
    const engine = this.pool.engineOf(input);
    const flags = await environmentFlags(engine, this.targets, input);
    return { variables: parseEnvironment(await engine.run(['show-environment', ...flags])) };
  }
}
