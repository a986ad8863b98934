/** list_hosts takes no arguments (docs/reference/tools.md#list_hosts). */
export class ListHostsInput {}
