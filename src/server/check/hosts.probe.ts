import type { ServerConfig } from '../../config/server-config';
import { resolveToken } from '../../framework/tokens';
import { hostError } from '../../services/tmux-error.mapper';
import { PROCESS_RUNNER } from '../../services/tmux-server-pool.service';
import type { TmuxMcpServer } from '../create-server';
import type { CheckReport } from './check.report';

/**
 * The Remote hosts section of `--check` (docs/reference/configuration.md#check): every configured
 * host asked for its tmux version through the server's own process runner, concurrently; one that
 * does not answer is a problem, in the words a tool call would get.
 */
export async function probeHosts(app: TmuxMcpServer, config: ServerConfig, report: CheckReport): Promise<void> {
  const out = report.section('Remote hosts');
  const runner = resolveToken(app.container, PROCESS_RUNNER);
  const probes = await Promise.all(config.hosts.map((h) => runner.version({ host: h, tmuxBin: config.remoteTmuxBin })));
  config.hosts.forEach((h, i) => {
    const r = probes[i];
    if (r.error) {
      const text = hostError(r.error)?.message ?? r.error.message;
      report.problem(text);
      out.row(h, text);
    } else out.row(h, `reachable, ${r.version ?? 'tmux'}`);
  });
}
