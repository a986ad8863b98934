import { TmuxTool } from '../common/tmux-tool.decorator';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { WindowInfo } from '../../models/window-info.model';
import { ModelSerializer } from '../../services/model-serializer.service';
import { TargetResolver } from '../../services/target-resolver.service';
import { TmuxServerPool } from '../../services/tmux-server-pool.service';
import { GetWindowInfoInput } from './get-window-info.input';

@TmuxTool({
  name: 'get_window_info',
  tier: 'readonly',
  title: 'Get tmux Window Info',
  description: 'Get one tmux window: index, session, pane count, layout, size, active pane.',
  input: GetWindowInfoInput,
  output: WindowInfo,
})
export class GetWindowInfoTool implements ToolHandler<GetWindowInfoInput, WindowInfo> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly resolver: TargetResolver,
    private readonly serializer: ModelSerializer,
  ) {}

  async execute(input: GetWindowInfoInput): Promise<WindowInfo> {
    const engine = this.pool.engineOf(input);
    return this.serializer.window(await this.resolver.window(engine, input));
  }
}
