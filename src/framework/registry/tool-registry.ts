import type { DependencyContainer } from 'tsyringe';
import { getErrorMappers, getToolInterceptors, getToolMetadata } from '../metadata/tool-metadata';
import { featureOn, objectSchema } from '../validation/dto-schema';
import { outputSchemaOf } from '../output/output-schema';
import { enabledFeatures, ERROR_MAPPERS, resolveAllTokens, TOOL_CLASSES } from '../tokens';
import { injectionProblem } from './injection-check';
import type { ToolDescriptor } from './tool-descriptor';
import type { Class, Features } from '../types';

/** Raised at start when tool discovery finds a problem; the CLI prints it as one line and exits 1. */
export class ToolRegistrationError extends Error {}

/**
 * Discovers tool classes registered under TOOL_CLASSES and builds their descriptors once.
 * Duplicate names, classes without `@Tool` metadata, and classes the container would build
 * without knowing their constructor parameters fail at start
 * (docs/reference/configuration.md#plugin-failures). A tool that needs a feature the server does
 * not have is checked like the others but not registered, and schemas leave out the fields of
 * features that are off (docs/reference/protocol.md#features).
 */
export class ToolRegistry {
  private readonly byName = new Map<string, ToolDescriptor>();
  private readonly features: Features;

  constructor(private readonly container: DependencyContainer) {
    this.features = enabledFeatures(container);
    const classes = resolveAllTokens(container, TOOL_CLASSES);
    for (const cls of classes) this.add(cls);
    // Global mappers are built from their classes at start-up too, but tsyringe's own error
    // ("TypeInfo not known") names neither the cause nor the setting.
    for (const m of resolveAllTokens(container, ERROR_MAPPERS)) check(injectionProblem(m, 'error mapper (ERROR_MAPPERS)', false));
  }

  private add(cls: Class): void {
    const meta = typeof cls === 'function' ? getToolMetadata(cls) : undefined;
    const label = typeof cls === 'function' ? cls.name || '<anonymous>' : String(cls);
    if (!meta) throw new ToolRegistrationError(`tool class ${label} has no @Tool metadata`);
    // Classes the container builds per call: checked now, or the first call would be the one to
    // fail (docs/reference/configuration.md#plugin-projects).
    check(injectionProblem(cls, 'tool class', true));
    for (const m of getErrorMappers(cls)) check(injectionProblem(m, `error mapper (@HandleErrors of ${label})`, false));
    for (const i of getToolInterceptors(cls)) check(injectionProblem(i, `interceptor (@UseInterceptors of ${label})`, false));
    if (this.byName.has(meta.name))
      throw new ToolRegistrationError(`duplicate tool name '${meta.name}' (${label} and ${this.byName.get(meta.name)!.cls.name})`);
    if (!featureOn(meta.feature, this.features)) return;
    this.byName.set(meta.name, {
      name: meta.name,
      cls,
      meta,
      inputSchema: objectSchema(meta.input, (token) => this.container.resolve(token), this.features),
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

function check(problem: string | undefined): void {
  if (problem) throw new ToolRegistrationError(problem);
}
