import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ReadResourceRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from 'winston';
import { safeText } from '../validation/safe-repr';
import { INTERNAL_ERROR, INVALID_PARAMS, JsonRpcError, RESOURCE_NOT_FOUND } from './json-rpc-error';
import { isResourceNotFound, isResourceParamError, type ResourceCatalog, type ResourceTemplateProvider } from './resource-catalog';
import { ResourceSubscriptions } from './resource-subscriptions';

// The provider contract and the catalog live in resource-catalog.ts (the subscriptions read them
// too); they are re-exported here, where plugins and the tmux resources have always found them.
export {
  type CompletionContext,
  type ResolvedResource,
  type ResourceTemplateProvider,
  type StaticResourceProvider,
  ResourceCatalog,
  ResourceNotFoundError,
  ResourceParamError,
} from './resource-catalog';
export { MAX_SUBSCRIPTIONS, ResourceSubscriptions } from './resource-subscriptions';

/** The `resources/list` or `resources/templates/list` entry of one provider. */
function describe(p: ResourceTemplateProvider): Record<string, string> {
  return {
    name: p.name,
    ...(p.title ? { title: p.title } : {}),
    ...(p.description ? { description: p.description } : {}),
    mimeType: p.mimeType,
  };
}

/**
 * Installs `resources/list` (the static resources), `resources/templates/list`, `resources/read`,
 * `resources/subscribe` and `resources/unsubscribe`. Errors are JSON-RPC errors without an `MCP
 * error` prefix (docs/reference/errors.md#json-rpc-errors). The subscriptions end when the
 * client goes away (docs/reference/resources-and-prompts.md#subscriptions).
 */
export function resourcesExtension(catalog: ResourceCatalog, logger: Logger, subscriptions = new ResourceSubscriptions(catalog, logger)) {
  return (server: Server): Record<string, unknown> => {
    const caps = { resources: { subscribe: true, listChanged: false } };
    server.registerCapabilities(caps); // before the handlers: the SDK checks the capability on registration
    subscriptions.attach(server);
    server.setRequestHandler(ListResourcesRequestSchema, async () => ({
      resources: catalog.resources().map((r) => ({ uri: r.uri, ...describe(r) })),
    }));
    server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
      resourceTemplates: catalog.templates().map((t) => ({ uriTemplate: t.uriTemplate, ...describe(t) })),
    }));
    server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
      const uri = request.params.uri;
      const hit = catalog.resolve(uri);
      if (!hit) throw new JsonRpcError(RESOURCE_NOT_FOUND, `Resource not found: Unknown resource: '${safeText(uri)}'`);
      let text: string;
      try {
        text = await hit.provider.read(hit.vars, uri);
      } catch (err) {
        if (isResourceNotFound(err)) throw new JsonRpcError(RESOURCE_NOT_FOUND, `Resource not found: ${err.message}`);
        if (isResourceParamError(err)) throw new JsonRpcError(INVALID_PARAMS, err.message);
        const msg = err instanceof Error ? err.message : String(err);
        logger.error(`Error in resources/read (${hit.provider.name}): ${msg}`);
        throw new JsonRpcError(INTERNAL_ERROR, `Internal error: ${msg}`);
      }
      return { contents: [{ uri, mimeType: hit.provider.mimeType, text }] };
    });
    server.setRequestHandler(SubscribeRequestSchema, async (request) => {
      await subscriptions.subscribe(request.params.uri);
      return {};
    });
    server.setRequestHandler(UnsubscribeRequestSchema, async (request) => {
      subscriptions.unsubscribe(request.params.uri);
      return {};
    });
    return caps;
  };
}
