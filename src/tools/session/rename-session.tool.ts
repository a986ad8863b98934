import { TmuxTool } from '../common/tmux-tool.decorator';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { SessionInfo } from '../../models/session-info.model';
import { HierarchyService } from '../../services/hierarchy.service';
import { ModelSerializer } from '../../services/model-serializer.service';
import { TmuxObjectDoesNotExist } from '../../tmux/tmux-errors';
import { CallTargets } from '../../services/call-targets.service';
import { RenameSessionInput } from './rename-session.input';
import { checkSessionName, checkSessionNameFree, rethrowDuplicate } from '../common/session-name';
import { escapeFormat } from '../../services/tmux-escape';

@TmuxTool({
  name: 'rename_session',
  tier: 'mutating',
  title: 'Rename tmux Session',
  description: 'Rename a tmux session.',
  input: RenameSessionInput,
  output: SessionInfo,
})
export class RenameSessionTool implements ToolHandler<RenameSessionInput, SessionInfo> {
  constructor(
    private readonly targets: CallTargets,
    private readonly hierarchy: HierarchyService,
    private readonly serializer: ModelSerializer,
  ) {}

  async execute(input: RenameSessionInput): Promise<SessionInfo> {
    // Same rules as create_session, before tmux is touched (tmux would turn `.`/`:` into `_`).
    checkSessionName(input.new_name);
    const { engine, session } = await this.targets.session(input);
    // Renaming a session to its own name is a no-op, not a clash.
    checkSessionNameFree(await this.hierarchy.sessions(engine), input.new_name, session.session_id);
    try {
      // `--`: a name starting with '-' is a positional argument, not a flag
      // (docs/reference/tools.md#names-and-escaping).
      await engine.run(['rename-session', '-t', session.session_id, '--', escapeFormat(input.new_name)]);
    } catch (err) {
      rethrowDuplicate(err, input.new_name);
    }
    const row = (await this.hierarchy.sessions(engine)).find((s) => s.session_id === session.session_id);
    if (!row) throw new TmuxObjectDoesNotExist(`Could not find session_id=${session.session_id} for list-sessions`);
    return this.serializer.session(row, await this.hierarchy.attachedCounts(engine));
  }
}
