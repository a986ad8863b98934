import { Lifecycle } from 'tsyringe';
import type { DependencyContainer } from 'tsyringe';
import { definePlugin } from '../framework/plugins/plugin';
import type { Class } from '../framework/metadata/param-metadata';
import { ERROR_MAPPERS, INTERCEPTORS, PROMPTS, RESOURCES, TOOL_CLASSES } from '../framework/tokens';
import { SERVER_CONFIG, ServerConfig } from '../config/server-config';
import { AuditInterceptor } from '../interceptors/audit.interceptor';
import { ErrorResultInterceptor } from '../interceptors/error-result.interceptor';
import { ReadonlyRetryInterceptor } from '../interceptors/readonly-retry.interceptor';
import { ResponseLimitInterceptor } from '../interceptors/response-limit.interceptor';
import { SafetyInterceptor } from '../interceptors/safety.interceptor';
import { TimingInterceptor } from '../interceptors/timing.interceptor';
import { ValidationInterceptor } from '../interceptors/validation.interceptor';
import { CallerIdentityService } from '../services/caller-identity.service';
import { HierarchyService } from '../services/hierarchy.service';
import { ModelSerializer } from '../services/model-serializer.service';
import { TargetResolver } from '../services/target-resolver.service';
import { TmuxErrorMapper } from '../services/tmux-error.mapper';
import { TmuxServerPool } from '../services/tmux-server-pool.service';
import { CORE_TOOLS, FAMILY_SERVICES } from '../tools/all-tools';
import * as prompts from '../prompts';
import * as resources from '../resources';
import { CORE_SERVICES } from './core-services';

/** Registers a class as a per-server singleton (held by the registration in the server container, so per-call child containers share it). */
export function registerSingleton(container: DependencyContainer, cls: Class): void {
  container.register(cls, { useClass: cls }, { lifecycle: Lifecycle.Singleton });
}

export const CORE_INTERCEPTORS: Class[] = [
  TimingInterceptor,
  ResponseLimitInterceptor,
  ErrorResultInterceptor,
  AuditInterceptor,
  ReadonlyRetryInterceptor,
  SafetyInterceptor,
  ValidationInterceptor,
];

/** The composition root: everything the server itself provides is registered here. */
export const corePlugin = definePlugin({
  name: 'tmux-mcp:core',
  register(container) {
    for (const s of [
      TmuxServerPool,
      HierarchyService,
      ModelSerializer,
      TargetResolver,
      CallerIdentityService,
      ...CORE_SERVICES,
      ...FAMILY_SERVICES,
      ...resources.services,
    ])
      registerSingleton(container, s);
    for (const i of CORE_INTERCEPTORS) container.register(INTERCEPTORS, { useClass: i }, { lifecycle: Lifecycle.Singleton });
    container.register(ERROR_MAPPERS, { useValue: TmuxErrorMapper });
    for (const t of CORE_TOOLS) container.register(TOOL_CLASSES, { useValue: t });
    // Resources, prompts and (SPEC B11) prompts-as-tools.
    for (const r of resources.resources) container.register(RESOURCES, { useClass: r }, { lifecycle: Lifecycle.Singleton });
    for (const p of prompts.prompts) container.register(PROMPTS, { useClass: p }, { lifecycle: Lifecycle.Singleton });
    if (container.resolve<ServerConfig>(SERVER_CONFIG).promptsAsTools)
      for (const t of prompts.promptTools) container.register(TOOL_CLASSES, { useValue: t });
  },
});
