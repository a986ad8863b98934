import type { Class } from '../../framework/metadata/param-metadata';

/** Tool classes of the hook family, in registration order (SPEC §1.1). */
export const hookTools: Class[] = [];
