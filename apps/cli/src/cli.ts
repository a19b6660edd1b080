// The product's command line: `node apps/cli/dist/index.js <command> [args]` (index.ts runs it).
import { processIo, UsageError, type CliIo, type Command } from './command';
import { COMMANDS } from './commands';

const EXIT_USAGE = 2;

function help(commands: Record<string, Command>): string {
  const width = Math.max(...Object.keys(commands).map((n) => n.length));
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(width)}  ${c.description}`);
  return `usage: node apps/cli/dist/index.js <command> [args]\n\ncommands:\n${lines.join('\n')}\n\nRun '<command> --help' for a command's arguments.\n`;
}

/** Dispatches argv (without node and script) to a command; resolves to the exit code. */
export async function main(argv: string[], io: CliIo = processIo(), commands: Record<string, Command> = COMMANDS): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined) {
    io.stderr.write(help(commands));
    return EXIT_USAGE;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(help(commands));
    return 0;
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    io.stderr.write(`unknown command '${name}'. Commands: ${Object.keys(commands).join(', ')} (see --help)\n`);
    return EXIT_USAGE;
  }
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout.write(`usage: ${command.usage ?? name}\n\n${command.description}\n`);
    return 0;
  }
  try {
    return await command.run(args, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr.write(`${e.message}\nusage: ${command.usage ?? name}\n`);
      return EXIT_USAGE;
    }
    // Messages only: stack traces and connection strings stay out of the output.
    io.stderr.write(`${name} failed: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}
