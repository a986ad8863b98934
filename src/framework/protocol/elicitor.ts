import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { ConfirmAnswer, Elicitor } from '../confirm/confirm';

/**
 * Asks the person at the client through MCP elicitation, form mode, with an empty form: the
 * message is the question, accept is yes (docs/reference/safety.md#confirmation). The request
 * carries the call's abort signal, so a cancelled call withdraws it (the SDK sends
 * `notifications/cancelled`), and the policy's timeout, after which it is withdrawn the same way.
 */
export class ServerElicitor implements Elicitor {
  constructor(private readonly server: Server) {}

  lacks(): string | null {
    // The SDK reads a bare `elicitation: {}` as form mode (the capability's older spelling).
    const caps = this.server.getClientCapabilities()?.elicitation;
    if (!caps) return 'the elicitation capability';
    return caps.form ? null : 'form-mode elicitation';
  }

  async ask(
    message: string,
    opts: { signal: AbortSignal; timeoutMs: number; relatedRequestId: string | number | null },
  ): Promise<ConfirmAnswer> {
    try {
      const r = await this.server.elicitInput(
        { mode: 'form', message, requestedSchema: { type: 'object', properties: {} } },
        {
          signal: opts.signal,
          timeout: opts.timeoutMs,
          ...(opts.relatedRequestId !== null && { relatedRequestId: opts.relatedRequestId }),
        },
      );
      return r.action;
    } catch (err) {
      // The SDK rejects a withdrawn request with the same code as a timed-out one.
      if (opts.signal.aborted) throw err;
      if (err instanceof McpError && err.code === (ErrorCode.RequestTimeout as number)) return 'timeout';
      throw err;
    }
  }
}
