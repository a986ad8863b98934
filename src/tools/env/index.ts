import type { Class } from '../../framework/metadata/param-metadata';

/** Tool classes of the env family, in registration order (SPEC §1.1). */
export const tools: Class[] = [];
/** Stateful services of this family, registered as per-server singletons. */
export const services: Class[] = [];
