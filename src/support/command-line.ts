// The command lines of the processes started by hand (`npm run host`, `npm run devnet`): each option is
// declared once, with its help, and both the parser's options and the usage text are read from that.
// `--help` prints the usage; a word the command does not take is said in one line, with the usage, and
// exit code 2 (a usage error), where node:util's parseArgs alone threw a stack trace.
import { parseArgs } from 'node:util';

interface OptionSpec {
  type: 'string' | 'boolean';
  /** what the value is, shown in the usage (`--port N`) */
  value?: string;
  default?: string;
  help: string;
}

export interface CommandSpec {
  /** how a person runs it, e.g. `npm run host --` */
  command: string;
  summary: string;
  options: Record<string, OptionSpec>;
}

type Values<O extends Record<string, OptionSpec>> = {
  [K in keyof O]: O[K]['type'] extends 'boolean'
    ? boolean
    : O[K]['default'] extends string
      ? string
      : string | undefined;
};

export type CommandLine<O extends Record<string, OptionSpec>> =
  { values: Values<O> } | { exit: 0 | 2; text: string };

export function usage(spec: CommandSpec): string {
  const rows: [string, string][] = Object.entries(spec.options).map(([name, o]) => [
    `--${name}${o.type === 'string' ? ` ${o.value ?? 'VALUE'}` : ''}`,
    `${o.help}${o.default !== undefined && o.default !== '' ? ` (default: ${o.default})` : ''}`,
  ]);
  rows.push(['-h, --help', 'show this and exit']);
  const width = Math.max(...rows.map(([left]) => left.length));
  return [
    `Usage: ${spec.command} [options]`,
    '',
    spec.summary,
    '',
    'Options:',
    ...rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`),
  ].join('\n');
}

/** The values of `args` (process.argv without node and the script), or what to print and the exit code. */
export function readCommandLine<O extends Record<string, OptionSpec>>(
  spec: CommandSpec & { options: O },
  args: readonly string[],
): CommandLine<O> {
  const options = Object.fromEntries(
    Object.entries(spec.options).map(([name, o]) => [
      name,
      { type: o.type, ...(o.default !== undefined ? { default: o.default } : {}) },
    ]),
  );
  try {
    const { values } = parseArgs({
      args: [...args],
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    });
    if (values.help) return { exit: 0, text: usage(spec) };
    const given = values as Record<string, string | boolean | undefined>;
    const read = Object.fromEntries(
      Object.keys(spec.options).map((name) => [
        name,
        spec.options[name]!.type === 'boolean' ? given[name] === true : given[name],
      ]),
    );
    return { values: read as Values<O> };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code !== 'string' || !code.startsWith('ERR_PARSE_ARGS_')) throw error;
    // parseArgs' first sentence names the word; the rest suggests `--`, which these commands do not take
    const said = (error as Error).message.split('. ')[0]!.replace(/\.$/, '');
    return { exit: 2, text: `${said}.\n\n${usage(spec)}` };
  }
}

/** readCommandLine on this process's arguments: prints and exits when there is nothing to run. */
export function commandLine<O extends Record<string, OptionSpec>>(
  spec: CommandSpec & { options: O },
): Values<O> {
  const read = readCommandLine(spec, process.argv.slice(2));
  if ('values' in read) return read.values;
  if (read.exit === 0) console.log(read.text);
  else console.error(read.text);
  process.exit(read.exit);
}
