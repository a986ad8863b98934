import { HandleErrors } from '../../framework/decorators/handle-errors.decorator';
import { Tool } from '../../framework/decorators/tool.decorator';
import type { ToolHandler } from '../../framework/pipeline/tool-dispatcher';
import { EnvironmentResult } from '../../models/environment-result.model';
import { TargetResolver } from '../../services/target-resolver.service';
import { TmuxErrorMapper } from '../../services/tmux-error.mapper';
import { TmuxServerPool } from '../../services/tmux-server-pool.service';
import { environmentFlags, parseEnvironment } from './environment-scope';
import { ShowEnvironmentInput } from './show-environment.input';

@Tool('readonly', { title: 'Show tmux Environment' })
@HandleErrors(TmuxErrorMapper)
export class ShowEnvironmentTool implements ToolHandler<ShowEnvironmentInput, EnvironmentResult> {
  static readonly toolName = 'show_environment';
  static readonly description = 'Show the tmux environment, global or of one session. Variables removed from new processes map to true.';
  static readonly Input = ShowEnvironmentInput;
  static readonly Output = EnvironmentResult;

  constructor(
    private readonly pool: TmuxServerPool,
    private readonly targets: TargetResolver,
  ) {}

  async execute(input: ShowEnvironmentInput): Promise<EnvironmentResult> {
    const engine = this.pool.engine(input.socket_name, input.host);
    const flags = await environmentFlags(engine, this.targets, input);
    return { variables: parseEnvironment(await engine.run(['show-environment', ...flags])) };
  }
}
