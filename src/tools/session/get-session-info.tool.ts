import { TmuxTool } from '../common/tmux-tool.decorator';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { SessionInfo } from '../../models/session-info.model';
import { HierarchyService } from '../../services/hierarchy.service';
import { ModelSerializer } from '../../services/model-serializer.service';
import { CallTargets } from '../../services/call-targets.service';
import { GetSessionInfoInput } from './get-session-info.input';

@TmuxTool({
  name: 'get_session_info',
  tier: 'readonly',
  title: 'Get tmux Session Info',
  description: 'Get one tmux session: window count, clients, creation time, active pane.',
  input: GetSessionInfoInput,
  output: SessionInfo,
})
export class GetSessionInfoTool implements ToolHandler<GetSessionInfoInput, SessionInfo> {
  constructor(
    private readonly targets: CallTargets,
    private readonly hierarchy: HierarchyService,
    private readonly serializer: ModelSerializer,
  ) {}

  async execute(input: GetSessionInfoInput): Promise<SessionInfo> {
    const { engine, session: row } = await this.targets.session(input);
    return this.serializer.session(row, await this.hierarchy.attachedCounts(engine));
  }
}
