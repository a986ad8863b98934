import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CompleteRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from 'winston';
import { safeText } from '../validation/safe-repr';
import { INVALID_PARAMS, JsonRpcError } from './json-rpc-error';
import type { PromptCatalog } from './prompts.handlers';
import type { CompletionContext, ResourceCatalog } from './resources.handlers';

/** MCP caps a completion answer at 100 values (docs/reference/resources-and-prompts.md#completions). */
export const MAX_COMPLETION_VALUES = 100;

/** Prefix-filters, de-duplicates and caps candidate values. */
export function completionResult(candidates: readonly string[], prefix: string) {
  const all = [...new Set(candidates.filter((c) => c.startsWith(prefix)))];
  const values = all.slice(0, MAX_COMPLETION_VALUES);
  return { completion: { values, total: all.length, hasMore: all.length > values.length } };
}

/**
 * Installs `completion/complete` (docs/reference/resources-and-prompts.md#completions) for
 * resource-template variables and prompt arguments. `context.arguments` is handed to the provider
 * (e.g. socket_name, session_name). A provider failure answers no values rather than an error:
 * completion is a convenience.
 */
export function completionsExtension(resources: ResourceCatalog, prompts: PromptCatalog, logger: Logger) {
  return (server: Server): Record<string, unknown> => {
    const caps = { completions: {} };
    server.registerCapabilities(caps); // before the handler: the SDK checks the capability on registration
    server.setRequestHandler(CompleteRequestSchema, async (request) => {
      const { ref, argument } = request.params;
      const context: CompletionContext = { ...(request.params.context?.arguments ?? {}) };
      let complete: ((name: string, value: string, ctx: CompletionContext) => Promise<string[]>) | undefined;
      if (ref.type === 'ref/prompt') {
        const p = prompts.find(ref.name);
        if (!p) throw new JsonRpcError(INVALID_PARAMS, `Unknown prompt: '${safeText(ref.name, 64)}'`);
        complete = p.complete?.bind(p);
      } else {
        const t = resources.byTemplate(ref.uri);
        if (!t) throw new JsonRpcError(INVALID_PARAMS, `Unknown resource template: '${safeText(ref.uri)}'`);
        complete = t.complete?.bind(t);
      }
      if (!complete) return completionResult([], argument.value);
      try {
        return completionResult(await complete(argument.name, argument.value, context), argument.value);
      } catch (err) {
        logger.debug(`completion of ${argument.name} failed: ${(err as Error)?.message ?? String(err)}`);
        return completionResult([], argument.value);
      }
    });
    return caps;
  };
}
