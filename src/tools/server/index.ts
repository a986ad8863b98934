import type { Class } from '../../framework/metadata/param-metadata';
import { ListSessionsTool } from './list-sessions.tool';

/** Tool classes of the server family, in registration order (SPEC §1.1). */
export const tools: Class[] = [ListSessionsTool];
/** Stateful services of this family, registered as per-server singletons. */
export const services: Class[] = [];
