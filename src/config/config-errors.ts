/** A bad command line (exit code 2, docs/reference/configuration.md#exit-codes). */
export class UsageError extends Error {}
/** A configuration the server must refuse to start with (exit code 1). */
export class ConfigError extends Error {}
