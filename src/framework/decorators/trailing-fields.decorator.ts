import { markTrailing } from '../metadata/field-order';

/**
 * Marks a fragment class whose fields end every class that extends it: the subclass's own
 * fields come first, then the fragment's (its whole list, inherited fields included), in the
 * input schema, in validation and in an output model alike (docs/architecture.md#field-order).
 * Only records metadata.
 *
 * ```ts
 * @TrailingFields() class ServerTarget { @Param(...) socket_name; @Param(...) host }
 * class KillInput extends ServerTarget { @Param(...) id }   // id, socket_name, host
 * ```
 */
export function TrailingFields(): ClassDecorator {
  return (target) => markTrailing(target);
}
