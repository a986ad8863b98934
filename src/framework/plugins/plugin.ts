import type { DependencyContainer } from 'tsyringe';

/**
 * What a plugin receives besides the container: the decorators and tokens of the server's own
 * copy of the framework, so a bundled server and a plugin with its own copy still agree (SPEC C33).
 */
export type PluginApi = Record<string, unknown>;

/** A plugin: registers tool classes, interceptors, error mappers, services, resources, prompts. */
export interface McpPlugin {
  readonly name: string;
  register(container: DependencyContainer, api: PluginApi): void | Promise<void>;
}

/** Identity helper that types a plugin definition. */
export function definePlugin(plugin: McpPlugin): McpPlugin {
  if (!plugin || typeof plugin.name !== 'string' || !plugin.name || typeof plugin.register !== 'function')
    throw new TypeError('definePlugin needs { name: string, register(container, api) }');
  return plugin;
}
