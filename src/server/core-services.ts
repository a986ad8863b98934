import type { Class } from '../framework/metadata/param-metadata';
import { FilterService } from '../services/filter.service';
import { SpawnEnvService } from '../services/spawn-env.service';

/**
 * Further per-server singleton services (filters, buffers, waits …). Each family adds its
 * services here so the composition root stays one list.
 */
export const CORE_SERVICES: Class[] = [FilterService, SpawnEnvService];
