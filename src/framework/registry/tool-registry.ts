import type { DependencyContainer } from 'tsyringe';
import type { Class } from '../metadata/param-metadata';
import { getToolMetadata } from '../metadata/tool-metadata';
import { objectSchema } from '../validation/dto-schema';
import { outputSchemaOf } from '../output/output-schema';
import { resolveAllTokens, TOOL_CLASSES } from '../tokens';
import type { ToolDescriptor } from './tool-descriptor';

/** Raised at start when tool discovery finds a problem; the CLI prints it as one line and exits 1. */
export class ToolRegistrationError extends Error {}

/**
 * Discovers tool classes registered under TOOL_CLASSES and builds their descriptors once.
 * Duplicate names and classes without `@Tool` metadata fail at start.
 */
export class ToolRegistry {
  private readonly byName = new Map<string, ToolDescriptor>();

  constructor(private readonly container: DependencyContainer) {
    const classes = resolveAllTokens(container, TOOL_CLASSES);
    for (const cls of classes) this.add(cls);
  }

  private add(cls: Class): void {
    const meta = typeof cls === 'function' ? getToolMetadata(cls) : undefined;
    const label = typeof cls === 'function' ? cls.name || '<anonymous>' : String(cls);
    if (!meta) throw new ToolRegistrationError(`tool class ${label} has no @Tool metadata`);
    if (this.byName.has(meta.name))
      throw new ToolRegistrationError(`duplicate tool name '${meta.name}' (${label} and ${this.byName.get(meta.name)!.cls.name})`);
    this.byName.set(meta.name, {
      name: meta.name,
      cls,
      meta,
      inputSchema: objectSchema(meta.input, (token) => this.container.resolve(token)),
      outputSchema: outputSchemaOf(meta.output),
    });
  }

  get(name: string): ToolDescriptor | undefined {
    return this.byName.get(name);
  }

  all(): ToolDescriptor[] {
    return [...this.byName.values()];
  }
}
