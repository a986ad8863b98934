import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { DependencyContainer } from 'tsyringe';
import type { Logger } from 'winston';
import { PROMPTS, resolveAllTokens, RESOURCES, SHUTDOWN_HOOKS } from '../tokens';
import { completionsExtension } from './completions.handlers';
import { PromptCatalog, promptsExtension } from './prompts.handlers';
import { ResourceCatalog, resourcesExtension, ResourceSubscriptions } from './resources.handlers';

/** The resource catalog of a server container (RESOURCES providers, registration order). */
export function resourceCatalogOf(container: DependencyContainer): ResourceCatalog {
  return new ResourceCatalog(resolveAllTokens(container, RESOURCES));
}

/** The prompt catalog of a server container (PROMPTS providers, registration order). */
export function promptCatalogOf(container: DependencyContainer): PromptCatalog {
  return new PromptCatalog(resolveAllTokens(container, PROMPTS));
}

/**
 * The `extensions` of buildMcpServer for resources, prompts and completions. The providers come
 * from plugins (the core plugin registers the tmux ones), so this stays free of tmux. The
 * resource watchers stop in a shutdown hook, so before the server closes what they watch
 * (docs/reference/resources-and-prompts.md#subscriptions).
 */
export function protocolExtensions(container: DependencyContainer, logger: Logger): ((server: Server) => Record<string, unknown>)[] {
  const resources = resourceCatalogOf(container);
  const prompts = promptCatalogOf(container);
  const subscriptions = new ResourceSubscriptions(resources, logger);
  container.register(SHUTDOWN_HOOKS, { useValue: () => subscriptions.stopAll() });
  return [
    resourcesExtension(resources, logger, subscriptions),
    promptsExtension(prompts, logger),
    completionsExtension(resources, prompts, logger),
  ];
}
