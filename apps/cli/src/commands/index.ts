import type { Command } from '../command';
import { amendments } from './amendments';
import { cluster } from './cluster';
import { follow } from './follow';
import { importCommand } from './import';
import { keyCreate } from './key-create';
import { keyRevoke } from './key-revoke';
import { searchProvisions } from './search-provisions';
import { searchSignals } from './search-signals';
import { start } from './start';
import { sync } from './sync';

/** Every CLI command by name. Add a command: write commands/<name>.ts and list it here. */
export const COMMANDS: Record<string, Command> = {
  start,
  import: importCommand,
  'key:create': keyCreate,
  'key:revoke': keyRevoke,
  sync,
  cluster,
  follow,
  'search-signals': searchSignals,
  'search-provisions': searchProvisions,
  amendments,
};
