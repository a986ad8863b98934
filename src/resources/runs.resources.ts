import { injectable } from 'tsyringe';
import { ResourceNotFoundError, type ResourceTemplateProvider } from '../framework/protocol/resources.handlers';
import { safeRepr } from '../framework/validation/safe-repr';
import { KEEP_FINISHED_MS, MAX_FINISHED, type RunRecord, RunRegistry } from '../services/run-registry.service';

type Vars = Readonly<Record<string, string>>;
/** Bodies are JSON with indent 2 (docs/reference/resources-and-prompts.md#resource-bodies). */
const json = (v: unknown) => JSON.stringify(v, null, 2);

/** The runs of the registry as resources (docs/reference/resources-and-prompts.md#runs). */
@injectable()
export class RunsResource implements ResourceTemplateProvider {
  readonly name = 'list_runs';
  readonly uri = 'tmux://runs';
  readonly title = 'Runs';
  readonly description =
    'Every run_command run this server knows, newest first: run_id, pane_id, host, socket_name, command, state, started_at, ended_at, exit_status, error.';
  readonly mimeType = 'application/json';

  constructor(private readonly runs: RunRegistry) {}

  async read(): Promise<string> {
    return json(this.runs.list());
  }

  async watch(_vars: Vars, _uri: string, changed: () => void): Promise<() => void> {
    return this.runs.listenAll(changed);
  }
}

@injectable()
export class RunResource implements ResourceTemplateProvider {
  readonly name = 'get_run';
  readonly uriTemplate = 'tmux://runs/{run_id}';
  readonly title = 'Run';
  readonly description = 'One run by run_id: the result wait_for_run would return now, without waiting (plus `error`).';
  readonly mimeType = 'application/json';

  constructor(private readonly runs: RunRegistry) {}

  private find(runId: string): RunRecord {
    const rec = this.runs.get(runId);
    if (!rec)
      throw new ResourceNotFoundError(
        `Unknown run: ${safeRepr(runId)} (runs are kept ${KEEP_FINISHED_MS / 60_000} minutes after they end, at most ${MAX_FINISHED})`,
      );
    return rec;
  }

  async read(vars: Vars): Promise<string> {
    const rec = this.find(vars.run_id);
    if (rec.error) return json({ pane_id: rec.paneId, run_id: rec.runId, state: rec.state, exit_status: null, error: rec.error.message });
    return json({
      ...(await this.runs.result(rec, { maxLines: null, effectiveTimeout: 0, timedOut: false, probeNow: true })),
      error: null,
    });
  }

  async watch(vars: Vars, _uri: string, changed: () => void): Promise<() => void> {
    return this.runs.listen(this.find(vars.run_id), changed, true);
  }
}
