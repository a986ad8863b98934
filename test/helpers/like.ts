/**
 * jest's asymmetric matchers (`expect.any`, `expect.stringMatching`, `expect.stringContaining`)
 * are typed `any`, which the type-checked lint rules refuse as a value inside an expected object
 * or array. These return the very same matchers, typed `unknown`: use them where a matcher sits
 * inside an object or array literal; a matcher passed directly to `toEqual` needs no wrapper.
 */
export const like = {
  any: (type: unknown): unknown => expect.any(type),
  stringMatching: (pattern: string | RegExp): unknown => expect.stringMatching(pattern),
  stringContaining: (text: string): unknown => expect.stringContaining(text),
};
