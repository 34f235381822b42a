#!/usr/bin/env node
// The command-line tool runs from its TypeScript sources, compiled on the fly by tsx as
// `npm start` does, so a clone needs no build step before `npx artifact-host`.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
