import { CreateSessionTool } from './create-session.tool';
import { GetServerInfoTool } from './get-server-info.tool';
import { KillServerTool } from './kill-server.tool';
import { ListHostsTool } from './list-hosts.tool';
import { ListServersTool } from './list-servers.tool';
import { ListSessionsTool } from './list-sessions.tool';
import type { Class } from '../../framework/types';

/** Tool classes of the server family, in registration order (docs/reference/tools.md#catalog). */
export const tools: Class[] = [ListHostsTool, ListServersTool, ListSessionsTool, CreateSessionTool, KillServerTool, GetServerInfoTool];
