/** A setting is missing, malformed or contradicts another; the message names the variable. */
export class ConfigError extends Error {}
