import { Lifecycle } from 'tsyringe';
import type { DependencyContainer } from 'tsyringe';
import { SERVER_CONFIG } from '../config/server-config';
import { CALL_DESCRIBER, CONFIRM_POLICY } from '../framework/confirm/confirm';
import { ConfirmInterceptor } from '../framework/confirm/confirm.interceptor';
import { getToolMetadata } from '../framework/metadata/tool-metadata';
import { definePlugin } from '../framework/plugins/plugin';
import { INTERCEPTORS, PROMPTS, RESOURCES, resolveToken, SHUTDOWN_HOOKS, TOOL_CLASSES } from '../framework/tokens';
import { AuditInterceptor } from '../interceptors/audit.interceptor';
import { ErrorResultInterceptor } from '../interceptors/error-result.interceptor';
import { ReadonlyRetryInterceptor } from '../interceptors/readonly-retry.interceptor';
import { ResponseLimitInterceptor } from '../interceptors/response-limit.interceptor';
import { SafetyInterceptor } from '../interceptors/safety.interceptor';
import { TimingInterceptor } from '../interceptors/timing.interceptor';
import { ValidationInterceptor } from '../interceptors/validation.interceptor';
import * as prompts from '../prompts';
import * as resources from '../resources';
import { BufferStore } from '../services/buffer-store.service';
import { CallDescriber } from '../services/call-describer.service';
import { CallerIdentityService } from '../services/caller-identity.service';
import { FilterService } from '../services/filter.service';
import { HierarchyService } from '../services/hierarchy.service';
import { InputProbe } from '../services/input-probe.service';
import { ModelSerializer } from '../services/model-serializer.service';
import { PatternMatcher } from '../services/pattern-matcher.service';
import { RunRegistry } from '../services/run-registry.service';
import { SpawnEnvService } from '../services/spawn-env.service';
import { TargetResolver } from '../services/target-resolver.service';
import { TmuxServerPool } from '../services/tmux-server-pool.service';
import { TypedPanes } from '../services/typed-panes.service';
import { CORE_TOOLS } from '../tools/all-tools';
import { selectedToolNames } from '../tools/toolsets';
import type { Class } from '../framework/types';

/**
 * The composition root (docs/architecture.md#composition-root): everything the server itself
 * provides is registered here, and only here. Plugins register more in their own `register`.
 * Other classes are resolved on demand (tsyringe builds an `@injectable` class from its
 * constructor); only services that hold state per server are registered as singletons.
 */

/** Per-server singletons: one instance per server container, shared by every call's child container. */
const SINGLETONS: Class[] = [
  TmuxServerPool,
  HierarchyService,
  ModelSerializer,
  TargetResolver,
  CallerIdentityService,
  FilterService,
  SpawnEnvService,
  RunRegistry,
  BufferStore,
  InputProbe,
  TypedPanes,
  PatternMatcher,
];

/** The onion, outermost first (docs/architecture.md#interceptor-order has why each sits where it does). */
export const CORE_INTERCEPTORS: Class[] = [
  TimingInterceptor,
  ResponseLimitInterceptor,
  ErrorResultInterceptor,
  AuditInterceptor,
  ReadonlyRetryInterceptor,
  SafetyInterceptor,
  ValidationInterceptor,
];

/** Graceful-shutdown steps, in this order: the runs this server follows, this process's buffers, the pattern workers. */
function shutdownHooks(container: DependencyContainer): void {
  container.register(SHUTDOWN_HOOKS, { useValue: () => container.resolve(RunRegistry).shutdown() });
  container.register(SHUTDOWN_HOOKS, { useValue: () => container.resolve(BufferStore).releaseAll() });
  container.register(SHUTDOWN_HOOKS, { useValue: () => container.resolve(PatternMatcher).shutdown() });
}

/**
 * A human in the loop (docs/reference/safety.md#confirmation): the confirmation layer exists only
 * when TMUX_MCP_CONFIRM is on, so an unconfirmed server's calls never pass through it. Tools
 * without their own `describeCall` are described by CallDescriber, which names their target.
 */
function confirmation(container: DependencyContainer): void {
  const config = resolveToken(container, SERVER_CONFIG);
  if (config.confirm === 'off') return;
  container.register(CONFIRM_POLICY, {
    useValue: { mode: config.confirm, timeoutSeconds: config.confirmTimeout, setting: `TMUX_MCP_CONFIRM=${config.confirm}` },
  });
  container.register(CALL_DESCRIBER, { useClass: CallDescriber }, { lifecycle: Lifecycle.Singleton });
  container.register(INTERCEPTORS, { useClass: ConfirmInterceptor }, { lifecycle: Lifecycle.Singleton });
}

export const corePlugin = definePlugin({
  name: 'tmux-mcp:core',
  register(container) {
    for (const s of SINGLETONS) container.register(s, { useClass: s }, { lifecycle: Lifecycle.Singleton });
    for (const i of CORE_INTERCEPTORS) container.register(INTERCEPTORS, { useClass: i }, { lifecycle: Lifecycle.Singleton });
    confirmation(container);
    // Only the tools of the selected toolsets exist for this server (docs/reference/tools.md#toolsets):
    // the others are neither listed nor callable, batches included.
    const selected = new Set(selectedToolNames(resolveToken(container, SERVER_CONFIG)));
    for (const t of CORE_TOOLS) if (selected.has(getToolMetadata(t)?.name ?? '')) container.register(TOOL_CLASSES, { useValue: t });
    for (const r of resources.resources) container.register(RESOURCES, { useClass: r }, { lifecycle: Lifecycle.Singleton });
    for (const p of prompts.prompts) container.register(PROMPTS, { useClass: p }, { lifecycle: Lifecycle.Singleton });
    // Prompts as tools: for clients that cannot use MCP prompts (docs/reference/resources-and-prompts.md#prompts-as-tools).
    if (resolveToken(container, SERVER_CONFIG).promptsAsTools)
      for (const t of prompts.promptTools) container.register(TOOL_CLASSES, { useValue: t });
    shutdownHooks(container);
  },
});
