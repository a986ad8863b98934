import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { DependencyContainer } from 'tsyringe';
import type { Logger } from 'winston';
import { PROMPTS, resolveAllTokens, RESOURCES } from '../tokens';
import { completionsExtension } from './completions.handlers';
import { PromptCatalog, promptsExtension } from './prompts.handlers';
import { ResourceCatalog, resourcesExtension } from './resources.handlers';

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
 * from plugins (the core plugin registers the tmux ones), so this stays free of tmux.
 */
export function protocolExtensions(container: DependencyContainer, logger: Logger): ((server: Server) => Record<string, unknown>)[] {
  const resources = resourceCatalogOf(container);
  const prompts = promptCatalogOf(container);
  return [resourcesExtension(resources, logger), promptsExtension(prompts, logger), completionsExtension(resources, prompts, logger)];
}
