// Paths the request hooks and the routes both name. They live here, not in a route module,
// so the hooks never import a route.

/** The MCP endpoint: answered on the app's host, and authenticated like the API. */
export const MCP_PATH = '/mcp';
