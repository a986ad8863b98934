import { inject, injectable } from 'tsyringe';
import { LOCAL_HOST_NAME } from '../config/settings.table';
import { SERVER_CONFIG, ServerConfig } from '../config/server-config';
import { ExpectedToolError } from '../framework/errors/tool-errors';
import { safeRepr } from '../framework/validation/safe-repr';
import { digest } from '../framework/validation/value-digest';

/**
 * Which machine a call targets (docs/reference/tools.md#host): `host` null or `'local'` is this
 * machine; any other value must be one of the operator's configured destinations
 * (docs/reference/configuration.md#remote-hosts), so an agent can never make the server reach a
 * machine the operator did not list.
 */
@injectable()
export class HostRegistry {
  constructor(@inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  /** The configured remote destinations, in configuration order. */
  get configured(): readonly string[] {
    return this.config.hosts;
  }

  /** null for this machine, else the configured destination; an unknown host is an expected error. */
  resolve(host: string | null | undefined): string | null {
    if (host === null || host === undefined || host === LOCAL_HOST_NAME) return null;
    if (this.config.hosts.includes(host)) return host;
    const list = this.config.hosts.length ? this.config.hosts.join(', ') : 'none';
    const text = (name: string) => `Host ${name} is not configured. Configured hosts: ${list} (set TMUX_MCP_HOSTS).`;
    // The agent reads the name it sent; the log reads its digest, as the audit record does
    // (docs/reference/safety.md#never-logged).
    throw new ExpectedToolError(text(safeRepr(host)), { logMessage: text(JSON.stringify(digest(host))) });
  }
}
