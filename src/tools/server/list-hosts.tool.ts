import { TmuxTool } from '../common/tmux-tool.decorator';
import { inject } from 'tsyringe';
import { LOCAL_HOST_NAME } from '../../config/settings.table';
import { SERVER_CONFIG, ServerConfig } from '../../config/server-config';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { HostInfo } from '../../models/host-info.model';
import { HostRegistry } from '../../services/host-registry.service';
import { hostError } from '../../services/tmux-error.mapper';
import { PROCESS_RUNNER } from '../../services/tmux-server-pool.service';
import type { ProcessRunner } from '../../tmux/process-runner';
import { HOSTS_FEATURE } from '../common/common-params';
import { ListHostsInput } from './list-hosts.input';

/** `tmux -V` prints `tmux 3.3a`: the version is the rest. */
const versionOf = (out: string): string | null => out.trim().replace(/^tmux\s+/, '') || null;

@TmuxTool({
  name: 'list_hosts',
  tier: 'readonly',
  title: 'List Hosts',
  feature: HOSTS_FEATURE,
  description:
    "List the machines this server can reach: 'local', then each configured ssh host with reachability and tmux version. Use a row's host as other tools' host.",
  input: ListHostsInput,
  output: [HostInfo],
})
export class ListHostsTool implements ToolHandler<ListHostsInput, HostInfo[]> {
  constructor(
    @inject(SERVER_CONFIG) private readonly config: ServerConfig,
    private readonly hosts: HostRegistry,
    @inject(PROCESS_RUNNER) private readonly runner: ProcessRunner,
  ) {}

  async execute(): Promise<HostInfo[]> {
    // In parallel, each bounded by the connect timeout + 1 s (docs/reference/tools.md#list_hosts).
    return Promise.all([this.local(), ...this.hosts.configured.map((h) => this.remote(h))]);
  }

  /** The one `tmux -V` probe (docs/reference/engine.md#processes), within the command deadline. */
  private async local(): Promise<HostInfo> {
    const r = await this.runner.version({ host: null, tmuxBin: this.config.tmuxBin });
    return {
      host: LOCAL_HOST_NAME,
      reachable: true,
      tmux_version: r.error ? null : versionOf(r.version ?? ''),
      error: r.error?.message ?? null,
    };
  }

  /** Connects (the connect timeout + 1 s bounds it) and reads the remote version. */
  private async remote(host: string): Promise<HostInfo> {
    const r = await this.runner.version({ host, tmuxBin: this.config.remoteTmuxBin });
    if (!r.error) return { host, reachable: true, tmux_version: versionOf(r.version ?? ''), error: null };
    const text = hostError(r.error)?.message ?? r.error.message;
    // A host without tmux answered: it is reachable.
    return { host, reachable: r.error.name === 'HostTmuxNotFound', tmux_version: null, error: text };
  }
}
