import { getToolInterceptors, setToolInterceptors } from '../metadata/tool-metadata';
import type { ToolInterceptor } from '../pipeline/tool-interceptor';
import type { Class } from '../types';

/** Per-tool interceptors, run innermost (after validation) in the order given. Metadata only. */
export function UseInterceptors(...interceptors: Class<ToolInterceptor>[]): ClassDecorator {
  return ((cls: Class) => setToolInterceptors(cls, [...getToolInterceptors(cls), ...interceptors])) as ClassDecorator;
}
