import { getErrorMappers, setErrorMappers } from '../metadata/tool-metadata';
import { ErrorMapper } from '../errors/tool-errors';
import type { Class } from '../types';

/**
 * Names the mappers that turn this tool's domain exceptions into ToolErrors. Metadata only:
 * the error-result interceptor reads it, so audit, retry and safety still see the raw exception.
 */
export function HandleErrors(...mappers: Class<ErrorMapper>[]): ClassDecorator {
  return ((cls: Class) => setErrorMappers(cls, [...getErrorMappers(cls), ...mappers])) as ClassDecorator;
}
